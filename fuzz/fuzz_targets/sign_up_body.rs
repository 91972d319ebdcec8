#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| nls_fuzz::targets::sign_up_body(data));
