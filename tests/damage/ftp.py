"""A vsftpd server on the loopback interface for one test run, and the transfers the damage tests
make through it in ASCII mode: downloads fetched by curl (the bytes it received, from its --trace, and
what it saved), uploads sent raw by Python's ftplib (what the server stores) and uploads by curl.

The server is tests/ftp/vsftpd.sh --writable: it runs as the user who starts it, on 127.0.0.1 at a
free high port, with anonymous access to a directory of the test and its own configuration file in a
temporary directory; nothing listens beyond loopback, and `with Vsftpd(...)` stops it at the end.
"""

import ftplib
import os
import re
import socket
import subprocess
import time

SERVER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ftp", "vsftpd.sh")


def traced(path, direction):
    """The data bytes curl's --trace file shows it received (`<=`) or sent (`=>`), in order."""
    out = bytearray()
    take = False
    head = "<= Recv data" if direction == "recv" else "=> Send data"
    for line in open(path, encoding="latin-1"):
        if line.startswith(("<=", "=>", "==")):
            take = line.startswith(head)
            continue
        m = re.match(r"^[0-9a-f]{4,}: ((?:[0-9a-f]{2} ){1,16})", line)
        if take and m:
            out += bytes.fromhex(m.group(1))
    return bytes(out)


class Vsftpd:
    def __init__(self, work):
        self.work = work
        self.root = os.path.join(work, "root")
        self.up = os.path.join(self.root, "up")
        self.port = None
        self.proc = None

    def __enter__(self):
        os.makedirs(self.up, exist_ok=True)
        os.chmod(self.root, 0o755)
        os.chmod(self.up, 0o777)
        self.proc = subprocess.Popen(["bash", SERVER, "--writable", self.root], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.port = int(self.proc.stdout.readline() or 0)
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                    if s.recv(64).startswith(b"220"):
                        break
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.__exit__()
                raise RuntimeError(f"vsftpd did not start: {self.proc.stderr.read()}")
            time.sleep(0.1)
        return self

    def __exit__(self, *exc):
        # SIGTERM to tests/ftp/vsftpd.sh, which stops its vsftpd and removes its configuration.
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def url(self, name):
        return f"ftp://127.0.0.1:{self.port}/{name}"

    def put_file(self, name, data):
        """A file on the server, as its disk holds it."""
        with open(os.path.join(self.root, name), "wb") as f:
            f.write(data)

    def download_ascii(self, name):
        """curl --use-ascii: the bytes vsftpd sent in ASCII mode (curl's trace) and what curl saved."""
        trace = os.path.join(self.work, "trace")
        saved = os.path.join(self.work, "saved")
        subprocess.run(["curl", "-sS", "--use-ascii", "--trace", trace, "-o", saved, self.url(name)], check=True)
        return traced(trace, "recv"), open(saved, "rb").read()

    def upload_raw_ascii(self, name, data):
        """The bytes sent as they are under TYPE A (a client that does not convert, as a Windows one
        sending a CRLF file); what vsftpd stores of them."""
        ftp = ftplib.FTP()
        ftp.connect("127.0.0.1", self.port, timeout=30)
        ftp.login()
        ftp.voidcmd("TYPE A")
        conn = ftp.transfercmd(f"STOR up/raw-{name}")
        conn.sendall(data)
        conn.close()
        ftp.voidresp()
        ftp.quit()
        return open(os.path.join(self.up, f"raw-{name}"), "rb").read()

    def upload_curl_ascii(self, name, path):
        """curl --use-ascii -T: the bytes curl sent (its trace); the server's stored file is checked
        to be the original again (vsftpd undoes curl's conversion)."""
        trace = os.path.join(self.work, "trace-up")
        subprocess.run(["curl", "-sS", "--use-ascii", "--trace", trace, "-T", path, self.url(f"up/curl-{name}")],
                       check=True)
        stored = open(os.path.join(self.up, f"curl-{name}"), "rb").read()
        if stored != open(path, "rb").read():
            raise AssertionError(f"{name}: curl's ASCII upload did not round-trip through vsftpd")
        return traced(trace, "send")
