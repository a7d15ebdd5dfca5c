/** The entry point of verifier/giveawear-verify-draw.mjs (see cli.ts). */
import { main } from "./cli";

process.exitCode = await main(process.argv.slice(2));
