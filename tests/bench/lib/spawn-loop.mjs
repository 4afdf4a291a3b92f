// The npm CLI's baseline in tests/bench/floor.mjs's campaign figures: PROGRAM started COUNT times one
// after another from Node, each with FILE on standard input and its output and errors read through
// pipes, as plainly as node:child_process starts a process.
//
//   node tests/bench/lib/spawn-loop.mjs COUNT FILE PROGRAM [ARGS...]
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

const [count, file, program, ...args] = process.argv.slice(2);
for (let i = 0; i < Number(count); i++) {
  const stdin = openSync(file, 'r');
  const child = spawn(program, args, { stdio: [stdin, 'pipe', 'pipe'] });
  closeSync(stdin);
  child.stdout.resume();
  child.stderr.resume();
  await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
}
