// Generated from engine-data/formats.toml by scripts/gen-engine-data.mjs; do not edit.

//! Each family's strategy name and, where its recipe is the shape, its shape row (docs/contract.md,
//! section 6.5.4).

use super::prims::Signature;
use super::shape::{Shape, Syncs};
use crate::formats::Family;

/// The report's `strategy` for guaranteed_break on `family`.
pub fn strategy(family: Family) -> &'static str {
    match family {
        Family::Text => "text_poison_truncate",
        Family::Zip => "zip_magic_eocd",
        Family::Pdf => "pdf_nuclear_destruction",
        Family::Png => "png_magic_ihdr",
        Family::Jpeg => "jpeg_soi",
        Family::Gif => "gif_signature_screen",
        Family::Bmp => "bmp_file_header",
        Family::Tiff => "tiff_header_ifd",
        Family::Webp => "webp_riff_chunks",
        Family::Ico => "ico_directory",
        Family::Svg => "svg_markup_poison",
        Family::Isobmff => "isobmff_box_types",
        Family::Avi => "avi_riff_lists",
        Family::Matroska => "matroska_ebml_ids",
        Family::Flv => "flv_tag_chain",
        Family::Mp3 => "mp3_frame_sync",
        Family::Wav => "wav_riff_chunks",
        Family::Flac => "flac_frame_sync",
        Family::Ogg => "ogg_page_sync",
        Family::Aac => "aac_adts_sync",
        Family::Wma => "wma_asf_guids",
        Family::Pe => "pe_mz_pe",
        Family::Msi => "msi_ole_header",
        Family::Rar => "rar_signature_header",
        Family::SevenZip => "7z_signature_header",
        Family::Tar => "tar_header_checksums",
        Family::Gzip => "gzip_member_magic",
        Family::Bzip2 => "bzip2_stream_magic",
        Family::Xz => "xz_stream_header_footer",
        Family::Cab => "cab_mscf_header",
        Family::Generic => "generic_header_damage",
    }
}

/// Whether `family`'s recipe has hand-written code: a recipe of its own, or a step of its own inside
/// the shape (the tests hold the engine's list of them to this one).
#[cfg(test)]
pub fn has_own_code(family: Family) -> bool {
    matches!(
        family,
        Family::Text
            | Family::Ico
            | Family::Svg
            | Family::Flv
            | Family::Pe
            | Family::Msi
            | Family::Rar
            | Family::SevenZip
            | Family::Tar
            | Family::Xz
            | Family::Cab
            | Family::Generic
    )
}

/// The shape row of `family`, for the families whose recipe is the shape (alone or with a step of
/// its own).
pub fn shape(family: Family) -> Option<&'static Shape> {
    match family {
        Family::Zip => Some(&ZIP),
        Family::Pdf => Some(&PDF),
        Family::Png => Some(&PNG),
        Family::Jpeg => Some(&JPEG),
        Family::Gif => Some(&GIF),
        Family::Bmp => Some(&BMP),
        Family::Tiff => Some(&TIFF),
        Family::Webp => Some(&WEBP),
        Family::Ico => Some(&ICO),
        Family::Isobmff => Some(&ISOBMFF),
        Family::Avi => Some(&AVI),
        Family::Matroska => Some(&MATROSKA),
        Family::Flv => Some(&FLV),
        Family::Mp3 => Some(&MP3),
        Family::Wav => Some(&WAV),
        Family::Flac => Some(&FLAC),
        Family::Ogg => Some(&OGG),
        Family::Aac => Some(&AAC),
        Family::Wma => Some(&WMA),
        Family::Pe => Some(&PE),
        Family::Msi => Some(&MSI),
        Family::Rar => Some(&RAR),
        Family::SevenZip => Some(&SEVEN_ZIP),
        Family::Gzip => Some(&GZIP),
        Family::Bzip2 => Some(&BZIP2),
        Family::Xz => Some(&XZ),
        Family::Cab => Some(&CAB),
        _ => None,
    }
}

pub const ZIP: Shape = Shape {
    header: 4,
    header_text: "the first local header's signature",
    signatures: &[
        Signature { bytes: b"PK\x01\x02", fill: 0x00 },
        Signature { bytes: b"PK\x03\x04", fill: 0x00 },
        Signature { bytes: b"PK\x05\x06", fill: 0x00 },
        Signature { bytes: b"PK\x06\x06", fill: 0x00 },
        Signature { bytes: b"PK\x06\x07", fill: 0x00 },
        Signature { bytes: b"PK\x07\x08", fill: 0x00 },
    ],
    signatures_text:
        "ZIP record signatures (local and central headers, end of central directory, ZIP64 records, data descriptors)",
    syncs: Syncs::None,
};

pub const PDF: Shape = Shape {
    header: 8,
    header_text: "the %PDF-x.y header",
    signatures: &[
        Signature { bytes: b"%PDF", fill: 0x00 },
        Signature { bytes: b"%%EOF", fill: 0x00 },
        Signature { bytes: b"obj", fill: 0x00 },
        Signature { bytes: b"stream", fill: 0x00 },
        Signature { bytes: b"xref", fill: 0x00 },
        Signature { bytes: b"trailer", fill: 0x00 },
    ],
    signatures_text:
        "PDF keywords (%PDF, %%EOF, obj, stream, xref, trailer, also inside endobj, endstream and startxref)",
    syncs: Syncs::None,
};

pub const PNG: Shape = Shape {
    header: 33,
    header_text: "the PNG signature and the IHDR chunk",
    signatures: &[
        Signature { bytes: b"IHDR", fill: 0x00 },
        Signature { bytes: b"PLTE", fill: 0x00 },
        Signature { bytes: b"IDAT", fill: 0x00 },
        Signature { bytes: b"IEND", fill: 0x00 },
        Signature { bytes: b"acTL", fill: 0x00 },
        Signature { bytes: b"fcTL", fill: 0x00 },
        Signature { bytes: b"fdAT", fill: 0x00 },
    ],
    signatures_text: "PNG chunk types",
    syncs: Syncs::None,
};

pub const JPEG: Shape = Shape {
    header: 2,
    header_text: "the start-of-image marker",
    signatures: &[Signature { bytes: b"JFIF", fill: 0x00 }, Signature { bytes: b"Exif", fill: 0x00 }],
    signatures_text: "JFIF and Exif identifiers",
    syncs: Syncs::JpegMarkers,
};

pub const GIF: Shape = Shape {
    header: 13,
    header_text: "the GIF signature and logical screen descriptor",
    signatures: &[
        Signature { bytes: b"GIF87a", fill: 0x00 },
        Signature { bytes: b"GIF89a", fill: 0x00 },
        Signature { bytes: b"NETSCAPE2.0", fill: 0x00 },
    ],
    signatures_text: "GIF signatures and animation extensions",
    syncs: Syncs::None,
};

pub const BMP: Shape = Shape {
    header: 18,
    header_text: "the BMP file header and the DIB header size",
    signatures: &[],
    signatures_text: "",
    syncs: Syncs::None,
};

pub const TIFF: Shape = Shape {
    header: 8,
    header_text: "byte order, version and first IFD offset",
    signatures: &[Signature { bytes: b"II*\x00", fill: 0xff }, Signature { bytes: b"MM\x00*", fill: 0xff }],
    signatures_text: "TIFF headers",
    syncs: Syncs::None,
};

pub const WEBP: Shape = Shape {
    header: 16,
    header_text: "the RIFF header, WEBP form type and first chunk FourCC",
    signatures: &[
        Signature { bytes: b"RIFF", fill: 0x00 },
        Signature { bytes: b"WEBP", fill: 0x00 },
        Signature { bytes: b"VP8\x20", fill: 0x00 },
        Signature { bytes: b"VP8L", fill: 0x00 },
        Signature { bytes: b"VP8X", fill: 0x00 },
        Signature { bytes: b"ALPH", fill: 0x00 },
        Signature { bytes: b"ANIM", fill: 0x00 },
        Signature { bytes: b"ANMF", fill: 0x00 },
    ],
    signatures_text: "RIFF and WebP chunk FourCCs",
    syncs: Syncs::None,
};

pub const ICO: Shape = Shape {
    header: 6,
    header_text: "the icon header",
    signatures: &[
        Signature { bytes: b"\x89PNG\x0D\x0A\x1A\x0A", fill: 0x00 },
        Signature { bytes: b"IHDR", fill: 0x00 },
        Signature { bytes: b"IDAT", fill: 0x00 },
        Signature { bytes: b"IEND", fill: 0x00 },
    ],
    signatures_text: "embedded PNG signatures and chunk types",
    syncs: Syncs::None,
};

pub const ISOBMFF: Shape = Shape {
    header: 8,
    header_text: "the first box's size and type",
    signatures: &[
        Signature { bytes: b"ftyp", fill: 0x00 },
        Signature { bytes: b"styp", fill: 0x00 },
        Signature { bytes: b"moov", fill: 0x00 },
        Signature { bytes: b"moof", fill: 0x00 },
        Signature { bytes: b"mfra", fill: 0x00 },
        Signature { bytes: b"mdat", fill: 0x00 },
        Signature { bytes: b"mvhd", fill: 0x00 },
        Signature { bytes: b"mvex", fill: 0x00 },
        Signature { bytes: b"trak", fill: 0x00 },
        Signature { bytes: b"tkhd", fill: 0x00 },
        Signature { bytes: b"mdia", fill: 0x00 },
        Signature { bytes: b"mdhd", fill: 0x00 },
        Signature { bytes: b"hdlr", fill: 0x00 },
        Signature { bytes: b"minf", fill: 0x00 },
        Signature { bytes: b"stbl", fill: 0x00 },
        Signature { bytes: b"stsd", fill: 0x00 },
        Signature { bytes: b"stts", fill: 0x00 },
        Signature { bytes: b"stsc", fill: 0x00 },
        Signature { bytes: b"stsz", fill: 0x00 },
        Signature { bytes: b"stco", fill: 0x00 },
        Signature { bytes: b"co64", fill: 0x00 },
        Signature { bytes: b"sidx", fill: 0x00 },
        Signature { bytes: b"free", fill: 0x00 },
        Signature { bytes: b"skip", fill: 0x00 },
        Signature { bytes: b"wide", fill: 0x00 },
        Signature { bytes: b"udta", fill: 0x00 },
        Signature { bytes: b"meta", fill: 0x00 },
    ],
    signatures_text: "ISO-BMFF box types",
    syncs: Syncs::Media,
};

pub const AVI: Shape = Shape {
    header: 12,
    header_text: "the RIFF header and AVI form type",
    signatures: &[
        Signature { bytes: b"RIFF", fill: 0x00 },
        Signature { bytes: b"LIST", fill: 0x00 },
        Signature { bytes: b"AVI\x20", fill: 0x00 },
        Signature { bytes: b"AVIX", fill: 0x00 },
        Signature { bytes: b"hdrl", fill: 0x00 },
        Signature { bytes: b"avih", fill: 0x00 },
        Signature { bytes: b"strl", fill: 0x00 },
        Signature { bytes: b"strh", fill: 0x00 },
        Signature { bytes: b"strf", fill: 0x00 },
        Signature { bytes: b"strn", fill: 0x00 },
        Signature { bytes: b"movi", fill: 0x00 },
        Signature { bytes: b"idx1", fill: 0x00 },
        Signature { bytes: b"indx", fill: 0x00 },
        Signature { bytes: b"odml", fill: 0x00 },
        Signature { bytes: b"JUNK", fill: 0x00 },
        Signature { bytes: b"00dc", fill: 0x00 },
        Signature { bytes: b"00db", fill: 0x00 },
        Signature { bytes: b"00wb", fill: 0x00 },
        Signature { bytes: b"01dc", fill: 0x00 },
        Signature { bytes: b"01db", fill: 0x00 },
        Signature { bytes: b"01wb", fill: 0x00 },
        Signature { bytes: b"ix00", fill: 0x00 },
        Signature { bytes: b"ix01", fill: 0x00 },
    ],
    signatures_text: "RIFF and AVI FourCCs",
    syncs: Syncs::Media,
};

pub const MATROSKA: Shape = Shape {
    header: 4,
    header_text: "the EBML header ID",
    signatures: &[
        Signature { bytes: b"\x1A\x45\xDF\xA3", fill: 0x00 },
        Signature { bytes: b"\x18\x53\x80\x67", fill: 0x00 },
        Signature { bytes: b"\x11\x4D\x9B\x74", fill: 0x00 },
        Signature { bytes: b"\x15\x49\xA9\x66", fill: 0x00 },
        Signature { bytes: b"\x16\x54\xAE\x6B", fill: 0x00 },
        Signature { bytes: b"\x1F\x43\xB6\x75", fill: 0x00 },
        Signature { bytes: b"\x1C\x53\xBB\x6B", fill: 0x00 },
        Signature { bytes: b"\x12\x54\xC3\x67", fill: 0x00 },
        Signature { bytes: b"\x10\x43\xA7\x70", fill: 0x00 },
        Signature { bytes: b"\x19\x41\xA4\x69", fill: 0x00 },
        Signature { bytes: b"matroska", fill: 0x00 },
        Signature { bytes: b"webm", fill: 0x00 },
    ],
    signatures_text: "EBML element IDs and doc type names",
    syncs: Syncs::Media,
};

pub const FLV: Shape = Shape {
    header: 9,
    header_text: "the FLV header",
    signatures: &[Signature { bytes: b"FLV\x01", fill: 0x00 }],
    signatures_text: "FLV signatures",
    syncs: Syncs::Media,
};

pub const MP3: Shape = Shape {
    header: 10,
    header_text: "an ID3v2 header or the first frame header",
    signatures: &[
        Signature { bytes: b"ID3", fill: 0x00 },
        Signature { bytes: b"Xing", fill: 0x00 },
        Signature { bytes: b"Info", fill: 0x00 },
        Signature { bytes: b"LAME", fill: 0x00 },
    ],
    signatures_text: "ID3 and VBR header identifiers",
    syncs: Syncs::Media,
};

pub const WAV: Shape = Shape {
    header: 12,
    header_text: "the RIFF header and WAVE form type",
    signatures: &[
        Signature { bytes: b"RIFF", fill: 0x00 },
        Signature { bytes: b"RIFX", fill: 0x00 },
        Signature { bytes: b"RF64", fill: 0x00 },
        Signature { bytes: b"WAVE", fill: 0x00 },
        Signature { bytes: b"fmt\x20", fill: 0x00 },
        Signature { bytes: b"data", fill: 0x00 },
        Signature { bytes: b"LIST", fill: 0x00 },
        Signature { bytes: b"fact", fill: 0x00 },
        Signature { bytes: b"bext", fill: 0x00 },
        Signature { bytes: b"ds64", fill: 0x00 },
    ],
    signatures_text: "RIFF and WAV chunk ids",
    syncs: Syncs::Media,
};

pub const FLAC: Shape = Shape {
    header: 42,
    header_text: "fLaC and the STREAMINFO block",
    signatures: &[Signature { bytes: b"fLaC", fill: 0x00 }],
    signatures_text: "fLaC markers",
    syncs: Syncs::Media,
};

pub const OGG: Shape = Shape {
    header: 4,
    header_text: "the first page's capture pattern",
    signatures: &[
        Signature { bytes: b"OggS", fill: 0x00 },
        Signature { bytes: b"vorbis", fill: 0x00 },
        Signature { bytes: b"OpusHead", fill: 0x00 },
        Signature { bytes: b"OpusTags", fill: 0x00 },
        Signature { bytes: b"FLAC", fill: 0x00 },
        Signature { bytes: b"Speex", fill: 0x00 },
        Signature { bytes: b"theora", fill: 0x00 },
    ],
    signatures_text: "Ogg capture patterns and codec identifiers",
    syncs: Syncs::Media,
};

pub const AAC: Shape = Shape {
    header: 7,
    header_text: "the first ADTS header",
    signatures: &[Signature { bytes: b"ID3", fill: 0x00 }, Signature { bytes: b"ADIF", fill: 0x00 }],
    signatures_text: "ID3 and ADIF identifiers",
    syncs: Syncs::Media,
};

pub const WMA: Shape = Shape {
    header: 30,
    header_text: "the ASF header object's GUID, size, count and reserved bytes",
    signatures: &[
        Signature { bytes: b"\x00\xAA\x00\x62\xCE\x6C", fill: 0xff },
        Signature { bytes: b"\x00\xC0\x0C\x20\x53\x65", fill: 0xff },
        Signature { bytes: b"\x00\xA0\xC9\x03", fill: 0xff },
    ],
    signatures_text: "ASF GUID tails",
    syncs: Syncs::Media,
};

pub const PE: Shape = Shape {
    header: 2,
    header_text: "the MZ signature",
    signatures: &[Signature { bytes: b"PE\x00\x00", fill: 0xff }],
    signatures_text: "PE signatures",
    syncs: Syncs::None,
};

pub const MSI: Shape = Shape {
    header: 8,
    header_text: "the compound file signature",
    signatures: &[
        Signature { bytes: b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", fill: 0x00 },
        Signature { bytes: b"R\x00o\x00o\x00t\x00\x20\x00E\x00n\x00t\x00r\x00y\x00", fill: 0xff },
    ],
    signatures_text: "compound file signatures and root directory names",
    syncs: Syncs::None,
};

pub const RAR: Shape = Shape {
    header: 8,
    header_text: "the RAR signature",
    signatures: &[Signature { bytes: b"Rar!\x1A\x07", fill: 0x00 }],
    signatures_text: "RAR signatures",
    syncs: Syncs::None,
};

pub const SEVEN_ZIP: Shape = Shape {
    header: 32,
    header_text: "the signature header",
    signatures: &[Signature { bytes: b"7z\xBC\xAF\x27\x1C", fill: 0x00 }],
    signatures_text: "7z signatures",
    syncs: Syncs::None,
};

pub const GZIP: Shape = Shape {
    header: 10,
    header_text: "the first member's fixed header",
    signatures: &[Signature { bytes: b"\x1F\x8B\x08", fill: 0x00 }],
    signatures_text: "gzip member magics",
    syncs: Syncs::None,
};

pub const BZIP2: Shape = Shape {
    header: 4,
    header_text: "the stream header",
    signatures: &[
        Signature { bytes: b"BZh1", fill: 0x00 },
        Signature { bytes: b"BZh2", fill: 0x00 },
        Signature { bytes: b"BZh3", fill: 0x00 },
        Signature { bytes: b"BZh4", fill: 0x00 },
        Signature { bytes: b"BZh5", fill: 0x00 },
        Signature { bytes: b"BZh6", fill: 0x00 },
        Signature { bytes: b"BZh7", fill: 0x00 },
        Signature { bytes: b"BZh8", fill: 0x00 },
        Signature { bytes: b"BZh9", fill: 0x00 },
        Signature { bytes: b"1AY&SY", fill: 0x00 },
        Signature { bytes: b"\x17\x72\x45\x38\x50\x90", fill: 0x00 },
    ],
    signatures_text: "bzip2 stream, block and end-of-stream magics",
    syncs: Syncs::None,
};

pub const XZ: Shape = Shape {
    header: 12,
    header_text: "the stream header",
    signatures: &[Signature { bytes: b"\xFD7zXZ\x00", fill: 0xff }],
    signatures_text: "xz stream header magics",
    syncs: Syncs::None,
};

pub const CAB: Shape = Shape {
    header: 4,
    header_text: "the MSCF signature",
    signatures: &[Signature { bytes: b"MSCF", fill: 0x00 }],
    signatures_text: "MSCF signatures",
    syncs: Syncs::None,
};
