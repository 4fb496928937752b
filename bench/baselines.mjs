#!/usr/bin/env node
// The baselines of the bench, each the physical limit of what wfe does, run as their own process:
//
//   bytes <file>               bare node:http sending pre-serialised bytes (the very bytes and headers wfe sent)
//   durable-put <dir> <file>   bare node:http: reads the body, writes <file>'s bytes to <dir>/<id>.json by
//                              temp + fsync + rename + fsync of the folder, answers with pre-serialised bytes
//   read-parse-serve <dir> [keep]  readFileSync + JSON.parse of every *.json (kept in a Map with `keep`, as a
//                              server answering from memory must), then bare node:http answers
//   read-parse <dir>           readFileSync + JSON.parse of every *.json, then exits
//   write-16 <from> <to>       reads every file of <from>, writes it to <to> by temp + fsync + rename, 16 at a time
//   chokidar <dir>             chokidar 5 with no options beyond ignoreInitial: prints "change <path>" per event
import { closeSync, fsyncSync, openSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, open, readFile, readdir, rename } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';

const [role, ...args] = process.argv.slice(2);

function listen(handler) {
  const server = createServer(handler);
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
  process.on('SIGTERM', () => process.exit(0));
}

const kept = new Map();

function readAndParseAll(dir, keep = false) {
  let nodes = 0;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    const workflow = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    nodes += workflow.nodes.length;
    if (keep) kept.set(workflow.id, workflow);
  }
  return nodes;
}

let counter = 0;
async function writeDurably(target, bytes) {
  const temp = join(target, '..', `.bench-${process.pid}-${++counter}.tmp`);
  const handle = await open(temp, 'wx', 0o644);
  await handle.writeFile(bytes);
  await handle.sync();
  await handle.close();
  await rename(temp, target);
  const folder = await open(join(target, '..'), 'r');
  await folder.sync();
  await folder.close();
}

if (role === 'bytes') {
  const responses = new Map(
    Object.entries(JSON.parse(readFileSync(args[0], 'utf8'))).map(([path, r]) => [
      path,
      { headers: r.headers, body: Buffer.from(r.body, 'base64') },
    ]),
  );
  listen((req, res) => {
    const found = responses.get(req.url);
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, found.headers);
    res.end(found.body);
  });
} else if (role === 'durable-put') {
  const [dir, file] = args;
  const bytes = readFileSync(file);
  const answer = Buffer.concat([Buffer.from('{"success":true,"data":'), bytes, Buffer.from(',"message":"Workflow updated successfully"}')]);
  listen((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = decodeURIComponent(req.url.split('/').pop());
      writeDurably(join(dir, `${id}.json`), bytes).then(
        () => {
          res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': answer.length });
          res.end(answer);
        },
        (err) => res.writeHead(500).end(String(err)),
      );
    });
  });
} else if (role === 'read-parse-serve') {
  const nodes = readAndParseAll(args[0], args[1] === 'keep');
  const body = Buffer.from(JSON.stringify({ success: true, data: { nodes } }));
  listen((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
    res.end(body);
  });
} else if (role === 'read-parse') {
  readAndParseAll(args[0]);
} else if (role === 'write-16') {
  const [from, to] = args;
  await mkdir(to, { recursive: true });
  const names = await readdir(from);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < names.length) {
        const name = names[next++];
        await writeDurably(join(to, name), await readFile(join(from, name)));
      }
    }),
  );
  const folder = openSync(to, 'r');
  fsyncSync(folder);
  closeSync(folder);
} else if (role === 'chokidar') {
  const { watch } = await import('chokidar');
  const watcher = watch(args[0], { ignoreInitial: true });
  watcher.on('change', (path) => process.stderr.write(`change ${path}\n`));
  watcher.on('ready', () => console.log('listening chokidar'));
  process.on('SIGTERM', () => void watcher.close().then(() => process.exit(0)));
} else {
  throw new Error(`unknown baseline ${role}`);
}
