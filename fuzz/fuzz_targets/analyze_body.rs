#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| nls_fuzz::targets::analyze_body(data));
