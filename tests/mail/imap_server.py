"""A real IMAP server for the tests: Debian's dovecot (package dovecot-imapd; `make test`
installs it where it can), run on 127.0.0.1 over TLS with a throw-away certificate, one user,
and a Maildir filled by the standard library."""

from __future__ import annotations

import getpass
import mailbox
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.mail.smtp_server import certificate, free_port

USER, PASSWORD = "gm", "s3cret-imap"


def dovecot() -> str | None:
    return shutil.which("dovecot") or next(
        (p for p in ("/usr/sbin/dovecot", "/usr/local/sbin/dovecot") if Path(p).exists()), None)


@dataclass
class ImapServer:
    port: int
    certificate: Path  # the CA file a client trusts to reach it
    maildir: Path  # the user's INBOX
    process: subprocess.Popen
    run: Path  # its sockets

    def stop(self) -> None:
        # every process of the server at once, and at once (it runs in a session of its own,
        # and keeps nothing a test reads after it): told to stop, the master waits seconds
        # for its log and auth processes
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=10)
        shutil.rmtree(self.run, ignore_errors=True)


def start(folder: Path, messages) -> ImapServer:
    """The server, with `messages` in the user's INBOX."""
    binary = dovecot()
    assert binary, "dovecot is not installed"
    folder.mkdir(parents=True, exist_ok=True)
    cert, key = certificate(folder)
    (folder / "users").write_text(f"{USER}:{{PLAIN}}{PASSWORD}\n")
    port = free_port()
    # dovecot refuses root for its login process and for a mail user: as root, the package's
    # own users; otherwise, ourselves
    me = getpass.getuser()
    root = os.getuid() == 0
    login_user, internal_user = ("dovenull", "dovecot") if root else (me, me)
    owner = pwd.getpwnam("dovecot") if root else pwd.getpwuid(os.getuid())
    # its sockets and the mail live in a short folder that those users can reach
    run = Path(tempfile.mkdtemp(prefix="gm-dovecot-"))
    run.chmod(0o755)
    home = run / "home" / USER
    maildir = home / "Maildir"
    home.mkdir(parents=True)
    box = mailbox.Maildir(str(maildir), create=True)
    for message in messages:
        box.add(message)
    box.close()
    for path in [run / "home", home, *home.rglob("*")]:
        os.chown(path, owner.pw_uid, owner.pw_gid)
    config = folder / "dovecot.conf"
    config.write_text(f"""
protocols = imap
listen = 127.0.0.1
base_dir = {run}
state_dir = {folder}/state
log_path = {folder}/dovecot.log
ssl = required
ssl_cert = <{cert}
ssl_key = <{key}
auth_mechanisms = plain
# a wrong password is refused at once (the default waits 2 s, to slow down guessing)
auth_failure_delay = 0
# no statistics process: its socket handshake held every stop back for a second or more
stats_writer_socket_path =
default_login_user = {login_user}
default_internal_user = {internal_user}
mail_location = maildir:~/Maildir
first_valid_uid = {owner.pw_uid}
first_valid_gid = {owner.pw_gid}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {folder}/users
}}
userdb {{
  driver = static
  args = uid={owner.pw_uid} gid={owner.pw_gid} home={run}/home/%u
}}
service imap-login {{
  inet_listener imap {{
    port = 0
  }}
  inet_listener imaps {{
    port = {port}
    ssl = yes
  }}
}}
service imap-login {{
  chroot =
}}
service auth {{
  user = {me}
}}
# no penalty after a wrong password (the next login from that address would wait seconds)
service anvil {{
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
""")
    process = subprocess.Popen([binary, "-F", "-c", str(config)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=True)
    server = ImapServer(port, cert, maildir, process, run)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and process.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.stop()
    log = (folder / "dovecot.log").read_text() if (folder / "dovecot.log").exists() else ""
    raise RuntimeError(f"dovecot did not start: {log}")
