// commander's classes, required rather than imported (see util/lazy-module.ts): every command starts with them.
import type * as Commander from 'commander';
import { commanderPackage } from '../util/lazy-module.js';

export const { Argument, Command, CommanderError, InvalidArgumentError, Option } = commanderPackage();
export type Argument = Commander.Argument;
export type Command = Commander.Command;
export type CommanderError = Commander.CommanderError;
export type InvalidArgumentError = Commander.InvalidArgumentError;
export type Option = Commander.Option;
