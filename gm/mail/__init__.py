"""Mail in and mail out: a season's letters read from a mailbox (mbox, Maildir, IMAP), and the
confirmations and results written as messages, into an outbox folder or sent by SMTP.

`messages` decodes one message as a mail program sent it; `mailboxes` reads a mailbox;
`inbox` turns a game's messages into letters; `outgoing` writes the messages (the text of a
confirmation is `gm.game.confirmations`'); `delivery` puts them in the outbox, or sends them
through the queue, each once.
"""
