// `npm run build`: espeak-ng subset, the Remix build, and the speech worker bundle.
import { build } from "./stack.mjs";

build();
