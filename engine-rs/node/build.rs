fn main() {
    // Node's symbols are resolved when Node loads the addon: napi-build sets the linker flags for that.
    napi_build::setup();
}
