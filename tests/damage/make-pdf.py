"""A one-page PDF that shows a JPEG (as a DCTDecode image) and the lines of a text file: make-corpus.sh
hands it to qpdf, which compresses the content stream and writes the cross-reference table.

    python3 make-pdf.py TEXT JPEG WIDTH HEIGHT OUT
"""
import sys

lines = open(sys.argv[1], encoding="utf-8").read().splitlines()[:60]
ops = ["BT", "/F1 9 Tf", "40 800 Td", "11 TL"]
for line in lines:
    text = line.encode("latin-1", "replace").decode("latin-1").replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    ops.append(f"({text}) '")
ops.append("ET")
ops.append("q 256 0 0 256 300 400 cm /Im1 Do Q")
content = "\n".join(ops).encode("latin-1")
objects = [
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> >>",
    b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
]
jpeg = open(sys.argv[2], "rb").read()
objects.append(
    b"<< /Type /XObject /Subtype /Image /Width %s /Height %s /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n"
    % (sys.argv[3].encode(), sys.argv[4].encode(), len(jpeg))
    + jpeg
    + b"\nendstream"
)
out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
offsets = []
for i, body in enumerate(objects, 1):
    offsets.append(len(out))
    out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
for o in offsets:
    out += b"%010d 00000 n \n" % o
out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
open(sys.argv[5], "wb").write(out)
