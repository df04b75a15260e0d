// A UCI pipe to the WebAssembly build of Fairy-Stockfish (npm "fairy-stockfish-nnue.wasm") for
// the arena and the bench scripts: node fairy_stockfish.js <package dir> <variants file>. Lines read on stdin go
// to the engine, the engine's lines go to stdout. Never part of the web application.
"use strict";
// Emscripten would fetch() its .wasm when fetch exists; under node it must read it from disk.
delete globalThis.fetch;
const fs = require("fs");
const path = require("path");
const readline = require("readline");

const [packageDir, variantsFile] = process.argv.slice(2);
process.stdout.on("error", () => process.exit(0)); // the reader went away
const Stockfish = require(path.join(packageDir, "stockfish.js"));

(async () => {
  const engine = await Stockfish({ locateFile: (name) => path.join(packageDir, name) });
  // The engine reads VariantPath from its own virtual file system: write the file there first.
  engine.FS.writeFile("/variants.ini", fs.readFileSync(variantsFile, "utf8"));
  engine.addMessageListener((line) => process.stdout.write(line + "\n"));
  const input = readline.createInterface({ input: process.stdin });
  for await (const line of input) {
    if (line === "quit") break;
    engine.postMessage(line);
  }
  engine.postMessage("quit");
  process.exit(0);
})();
