import type { PortConfig } from '../contract/types.js';

// Port compatibility as the editor's checker decides it: a type always fits itself, rules are
// directed (output type -> input type) and neither symmetric nor transitive, and an alias behaves
// exactly like the type that declares it. There is no wildcard: `mixed` only matters through rules.

interface Compiled {
  canonical: Map<string, string>;
  accepts: Map<string, Set<string>>;
}

const cache = new WeakMap<PortConfig, Compiled>();

function compile(config: PortConfig): Compiled {
  const canonical = new Map<string, string>();
  for (const type of config.dataTypes) {
    for (const alias of type.aliases ?? []) canonical.set(alias, type.id);
  }
  for (const type of config.dataTypes) canonical.set(type.id, type.id);
  const resolve = (id: string) => canonical.get(id) ?? id;

  const accepts = new Map<string, Set<string>>();
  for (const rule of config.compatibilityRules ?? []) {
    const from = resolve(rule.from);
    let targets = accepts.get(from);
    if (!targets) accepts.set(from, (targets = new Set()));
    targets.add(resolve(rule.to));
  }
  return { canonical, accepts };
}

/** Can an output port of `fromType` connect to an input port of `toType`? */
export function isCompatible(config: PortConfig, fromType: string, toType: string): boolean {
  let compiled = cache.get(config);
  if (!compiled) cache.set(config, (compiled = compile(config)));
  const from = compiled.canonical.get(fromType) ?? fromType;
  const to = compiled.canonical.get(toType) ?? toType;
  return from === to || (compiled.accepts.get(from)?.has(to) ?? false);
}
