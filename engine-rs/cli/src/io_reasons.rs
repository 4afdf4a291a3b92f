// Generated from engine-data/messages.toml by scripts/gen-engine-data.mjs; do not edit.

//! The system's reasons by errno, as engine-data/messages.toml's `[errno]` table words them (the
//! npm CLI's `IO_REASONS`, lib/engine/shared/messages.ts, by Node's `code`).

use fracture_host::messages as m;

/// The words of `errno`'s reason, when the table has them.
pub fn said(errno: i32) -> Option<String> {
    let said: fn() -> String = match errno {
        libc::ENOENT => m::io_not_found,
        libc::EACCES | libc::EPERM => m::io_permission_denied,
        libc::EISDIR => m::io_is_directory,
        libc::EPIPE => m::io_stdout_closed,
        libc::EEXIST => m::io_exists,
        libc::ENOTDIR => m::io_not_directory,
        libc::ENOSPC | libc::EDQUOT => m::io_no_space,
        libc::EFBIG => m::io_too_large,
        libc::EROFS => m::io_read_only,
        libc::EIO => m::io_failed,
        libc::ELOOP => m::io_link_loop,
        libc::ENAMETOOLONG => m::io_name_too_long,
        libc::EBUSY => m::io_busy,
        libc::EMFILE | libc::ENFILE => m::io_too_many_open,
        libc::ETXTBSY => m::io_text_busy,
        _ => return None,
    };
    Some(said())
}
