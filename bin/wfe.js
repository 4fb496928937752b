#!/usr/bin/env node
import { run } from '../dist/cli/program.js';

run(process.argv).then((code) => {
  if (typeof code === 'number') process.exitCode = code;
});
