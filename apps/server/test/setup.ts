// Every server test file runs as the server does (src/main.ts): shared prototypes sealed, here before
// any module loads, so a dependency that needs to add to them fails here first.
import { sealSharedPrototypes } from "../src/lib/prototypes.ts";

sealSharedPrototypes();
