"""The PNG the structure and selector case scripts build (make_structure_cases.py,
make_selector_cases.py): RGB rows of a fixed pattern in stored zlib blocks, so the bytes are the same
with every zlib version, split over `idats` IDAT chunks, with a tEXt comment and optional bytes after
IEND."""
import struct, zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(w, h, idats, trailing=b"", comment=b""):
    raw = b"".join(b"\0" + bytes((x * 7 + y * 13) & 255 for x in range(w * 3)) for y in range(h))
    z = zlib.compress(raw, 0)  # stored blocks: the same bytes with every zlib version
    step = -(-len(z) // idats)
    body = b"".join(chunk(b"IDAT", z[i:i + step]) for i in range(0, len(z), step))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"tEXt", b"Comment\0" + comment) + body + chunk(b"IEND", b"") + trailing)
