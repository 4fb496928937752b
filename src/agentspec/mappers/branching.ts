// conditional_router, gateway → BranchingNode: a mapping from literal values to branch names, built from
// the branch conditions (a mapping kept from an import first). One input (the value matched), no outputs.
import type { Branch, JsonObject } from '../../contract/types.js';
import { settle } from '../conform.js';
import { BRANCHING_DEFAULT_INPUT } from '../inferred-io.js';
import type { FieldContext } from '../node-fields.js';
import { isObject, type AsObject } from '../types.js';
import type { NodeMapper } from './types.js';

const isBranch = (value: unknown): value is Branch => isObject(value) && typeof value.name === 'string';

/** A literal the BranchingNode can match: a plain word, or the right side of `value === 'x'`. */
function mappingKey(ctx: FieldContext, branch: Branch): string {
  const condition = (branch.condition ?? '').trim();
  if (condition === '') return branch.name;
  if (/^[\w-]+$/.test(condition)) return condition;
  const comparison = /^\s*[\w.]+\s*===?\s*(['"])(.*)\1\s*$/.exec(condition);
  const key = comparison ? comparison[2] : branch.name;
  ctx.warn(
    `Branch "${branch.name}" of '${ctx.label}': condition "${condition}" is an expression; the BranchingNode maps the literal value "${key}"`,
  );
  return key;
}

function branchMapping(ctx: FieldContext, config: JsonObject): AsObject {
  const branches = Array.isArray(config.branches) ? config.branches.filter(isBranch) : [];
  const names = new Set(branches.filter((b) => !b.isDefault).map((b) => b.name));
  const mapping: AsObject = {};
  // A mapping kept from an import carries keys that branches cannot express (several keys, one branch).
  if (isObject(config.mapping)) {
    for (const [key, branch] of Object.entries(config.mapping)) if (typeof branch === 'string' && names.has(branch)) mapping[key] = branch;
  }
  const mapped = new Set(Object.values(mapping));
  for (const branch of branches) if (!branch.isDefault && !mapped.has(branch.name)) mapping[mappingKey(ctx, branch)] = branch.name;
  return mapping;
}

export const branchingMapper: NodeMapper = {
  derive: { mapping: (ctx, config) => branchMapping(ctx, config) },
  io: (_fields, given) => settle(given, [given.inputs[0] ?? { title: BRANCHING_DEFAULT_INPUT, type: 'string' }], []),
  branches: 'own',
};
