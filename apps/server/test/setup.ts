// Every server test file runs as the server does (src/main.ts): shared prototypes sealed before any
// module loads, with `--disable-proto=throw` from vitest.config.ts. A dependency that needs to add to
// them fails here first.
import { sealSharedPrototypes } from "../src/lib/prototypes.ts";

sealSharedPrototypes();
