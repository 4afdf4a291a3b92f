#![cfg_attr(feature = "libfuzzer", no_main)]
fracture_fuzz_eval_targets::entry!(fracture_fuzz_eval_targets::png);
