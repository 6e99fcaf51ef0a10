// A real boardroom server for a test file: the binary in BOARDROOM_BINARY, a fresh data
// directory, a free port. It can be paused (SIGSTOP), killed (SIGKILL) and started again on the
// same port and data, as a crash and a restart.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BINARY = process.env.BOARDROOM_BINARY;
// Generous: a sanitizer build takes seconds to start.
const START_TIMEOUT_MS = 60000;

// Servers still running when the test process ends (a failed test, a test runner's time limit)
// go with it, and their data too.
const running = new Set();
function cleanUp() {
  for (const server of running) server.abandon();
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanUp();
    process.kill(process.pid, signal);
  });
}

export function binaryOrSkip() {
  return BINARY ? false : 'BOARDROOM_BINARY is not set (the path of a built boardroom binary)';
}

export class TestServer {
  port = 0;
  #dataDir = mkdtempSync(path.join(tmpdir(), 'boardroom-js-'));
  #process = null;
  #log = '';
  #args;

  constructor(args = []) {
    // Every test client connects from 127.0.0.1: exempt it from the per-address limits on
    // identities and rooms (the request rate per connection still holds).
    this.#args = ['--exempt', '127.0.0.1', ...args];
  }

  get url() {
    return `ws://127.0.0.1:${this.port}/ws`;
  }

  get log() {
    return this.#log;
  }

  async start() {
    const child = spawn(
      BINARY,
      ['serve', '--host', '127.0.0.1', '--port', String(this.port), '--data-dir', this.#dataDir,
        '--log-level', 'warn', ...this.#args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.#process = child;
    running.add(this);
    child.stderr.on('data', (d) => {
      this.#log += d;
    });
    this.port = await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${this.#log}`)),
        START_TIMEOUT_MS);
      child.stdout.on('data', (d) => {
        out += d;
        const m = /listening on [^\s]*:(\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code}:\n${this.#log}`));
      });
    });
    child.removeAllListeners('exit');
  }

  // Resolves once the process is stopped: the signal takes effect a moment after it is sent,
  // and a server still running on another core could answer meanwhile.
  async pause() {
    this.#process.kill('SIGSTOP');
    const tasks = `/proc/${this.#process.pid}/task`;
    if (!existsSync(tasks)) return; // not Linux: hope for the best
    // Each thread's state is the field after its command's closing parenthesis; T: stopped. A
    // thread that has ended meanwhile counts as stopped.
    const state = (t) => {
      try {
        return /\) (\w) /.exec(readFileSync(`${tasks}/${t}/stat`, 'utf8'))[1];
      } catch {
        return 'T';
      }
    };
    for (let i = 0; i < 1000 && !readdirSync(tasks).every((t) => state(t) === 'T'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  resume() {
    this.#process.kill('SIGCONT');
  }

  // A crash: no goodbye to anyone.
  async kill() {
    const child = this.#process;
    this.#process = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await exited;
  }

  async stop() {
    await this.kill();
    running.delete(this);
    rmSync(this.#dataDir, { recursive: true, force: true });
  }

  // At the test process's exit: nothing asynchronous is possible any more.
  abandon() {
    this.#process?.kill('SIGKILL');
    rmSync(this.#dataDir, { recursive: true, force: true });
  }
}
