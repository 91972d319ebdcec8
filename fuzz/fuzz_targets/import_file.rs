#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| nls_fuzz::targets::import_file(data));
