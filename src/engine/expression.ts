// A small, safe expression language for gateway conditions and data rules: literals, property access,
// comparisons, arithmetic, boolean logic, `?:` and a few string/array methods. It is interpreted from its
// own syntax tree: no eval, no Function, no access to prototypes or globals.

type Node =
  | { kind: 'literal'; value: unknown }
  | { kind: 'name'; name: string }
  | { kind: 'member'; object: Node; property: Node }
  | { kind: 'call'; object: Node; method: string; args: Node[] }
  | { kind: 'function'; name: string; args: Node[] }
  | { kind: 'unary'; op: string; operand: Node }
  | { kind: 'binary'; op: string; left: Node; right: Node }
  | { kind: 'conditional'; test: Node; then: Node; else: Node };

interface Token {
  type: 'number' | 'string' | 'name' | 'op' | 'end';
  value: string;
  at: number;
}

export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly expression: string,
    readonly at?: number,
  ) {
    super(at === undefined ? `${message} in \`${expression}\`` : `${message} at column ${at + 1} of \`${expression}\``);
    this.name = 'ExpressionError';
  }
}

const OPERATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '??',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '(',
  ')',
  '[',
  ']',
  '.',
  ',',
  '?',
  ':',
];
const BINARY_PRECEDENCE: Record<string, number> = {
  '??': 1,
  '||': 2,
  '&&': 3,
  '==': 4,
  '!=': 4,
  '===': 4,
  '!==': 4,
  '<': 5,
  '<=': 5,
  '>': 5,
  '>=': 5,
  '+': 6,
  '-': 6,
  '*': 7,
  '/': 7,
  '%': 7,
};
const KEYWORDS: Record<string, unknown> = { true: true, false: false, null: null, undefined: undefined };
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
const METHODS = new Set(['includes', 'startsWith', 'endsWith', 'toLowerCase', 'toUpperCase', 'trim', 'indexOf', 'join']);
// Sticky: they match at `lastIndex` only (see matchAt).
const NUMBER = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const NAME = /[A-Za-z_$][\w$]*/y;

/** The text `pattern` (a sticky regular expression) matches at `at` in `source`, if any. */
function matchAt(pattern: RegExp, source: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(source)?.[0];
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    // A digit, or a dot before one, starts a number; a letter, _ or $ starts a name.
    const number = matchAt(NUMBER, source, i);
    const name = number === undefined ? matchAt(NAME, source, i) : undefined;
    if (number !== undefined) {
      tokens.push({ type: 'number', value: number, at: start });
      i += number.length;
    } else if (c === '"' || c === "'") {
      let text = '';
      i++;
      while (i < source.length && source[i] !== c) {
        if (source[i] === '\\' && i + 1 < source.length) {
          const escaped = source[i + 1];
          text += escaped === 'n' ? '\n' : escaped === 't' ? '\t' : escaped;
          i += 2;
        } else text += source[i++];
      }
      if (source[i] !== c) throw new ExpressionError('unterminated string', source, start);
      i++;
      tokens.push({ type: 'string', value: text, at: start });
    } else if (name !== undefined) {
      tokens.push({ type: 'name', value: name, at: start });
      i += name.length;
    } else {
      const op = OPERATORS.find((o) => source.startsWith(o, i));
      if (!op) throw new ExpressionError(`unexpected character '${c}'`, source, i);
      tokens.push({ type: 'op', value: op, at: start });
      i += op.length;
    }
  }
  tokens.push({ type: 'end', value: '', at: source.length });
  return tokens;
}

/**
 * Parsing and evaluating recurse into the tree: an expression is held to depths and lengths that no stack
 * overflows on (8,000 nested parentheses did, as did a chain of 10,000 additions on evaluation), with an error
 * that says which, as the JSON depth limit does.
 */
const MAX_NESTING = 256;
const MAX_TOKENS = 4_096;

function parseExpression(source: string): Node {
  const tokens = tokenize(source);
  if (tokens.length > MAX_TOKENS + 1)
    throw new ExpressionError(
      `longer than ${MAX_TOKENS} tokens (${tokens.length - 1})`,
      source.length > 60 ? `${source.slice(0, 60)}…` : source,
    );
  let pos = 0;
  let depth = 0;
  const nested = <T>(parse: () => T): T => {
    if (++depth > MAX_NESTING) throw new ExpressionError(`nested more than ${MAX_NESTING} levels deep`, source, tokens[pos].at);
    try {
      return parse();
    } finally {
      depth--;
    }
  };
  const peek = () => tokens[pos];
  const take = () => tokens[pos++];
  const expect = (value: string) => {
    const t = take();
    if (t.value !== value || t.type === 'string') throw new ExpressionError(`expected '${value}'`, source, t.at);
  };

  const primary = (): Node => {
    const t = take();
    if (t.type === 'number') return { kind: 'literal', value: Number(t.value) };
    if (t.type === 'string') return { kind: 'literal', value: t.value };
    if (t.type === 'name') {
      if (t.value in KEYWORDS) return { kind: 'literal', value: KEYWORDS[t.value] };
      if (peek().type === 'op' && peek().value === '(') {
        take();
        return { kind: 'function', name: t.value, args: argumentList() };
      }
      return { kind: 'name', name: t.value };
    }
    if (t.value === '(') {
      const inner = expression(0);
      expect(')');
      return inner;
    }
    throw new ExpressionError(t.type === 'end' ? 'unexpected end' : `unexpected '${t.value}'`, source, t.at);
  };

  /** After '(': comma-separated expressions up to the closing ')'. */
  const argumentList = (): Node[] => {
    const args: Node[] = [];
    if (peek().value !== ')') {
      do args.push(expression(0));
      while (peek().value === ',' && take());
    }
    expect(')');
    return args;
  };

  const postfix = (): Node => {
    let node = primary();
    for (;;) {
      const t = peek();
      if (t.type === 'op' && t.value === '.') {
        take();
        const name = take();
        if (name.type !== 'name') throw new ExpressionError('expected a property name', source, name.at);
        if (peek().value === '(' && peek().type === 'op') {
          take();
          node = { kind: 'call', object: node, method: name.value, args: argumentList() };
        } else node = { kind: 'member', object: node, property: { kind: 'literal', value: name.value } };
      } else if (t.type === 'op' && t.value === '[') {
        take();
        const property = expression(0);
        expect(']');
        node = { kind: 'member', object: node, property };
      } else return node;
    }
  };

  const unary = (): Node => {
    const t = peek();
    if (t.type === 'op' && (t.value === '!' || t.value === '-' || t.value === '+')) {
      take();
      return { kind: 'unary', op: t.value, operand: nested(unary) };
    }
    return postfix();
  };

  const expression = (minPrecedence: number): Node => nested(() => binaryFrom(minPrecedence));

  const binaryFrom = (minPrecedence: number): Node => {
    let left = unary();
    for (;;) {
      const t = peek();
      if (t.type === 'op' && t.value === '?' && minPrecedence === 0) {
        take();
        const then = expression(0);
        expect(':');
        return { kind: 'conditional', test: left, then, else: expression(0) };
      }
      const precedence = t.type === 'op' ? BINARY_PRECEDENCE[t.value] : undefined;
      if (precedence === undefined || precedence < minPrecedence) return left;
      take();
      left = { kind: 'binary', op: t.value, left, right: expression(precedence + 1) };
    }
  };

  const tree = expression(0);
  if (peek().type !== 'end') throw new ExpressionError(`unexpected '${peek().value}'`, source, peek().at);
  return tree;
}

function read(object: unknown, property: unknown): unknown {
  if (object === null || object === undefined) return undefined;
  const key = String(property);
  if (FORBIDDEN.has(key)) return undefined;
  if (typeof object === 'string' || Array.isArray(object)) {
    if (key === 'length') return object.length;
    return /^\d+$/.test(key) ? object[Number(key)] : undefined;
  }
  if (typeof object === 'object' && Object.prototype.hasOwnProperty.call(object, key)) return Reflect.get(object, key);
  return undefined;
}

/**
 * A value as JavaScript's operators take it: the language applies `<`, `+`, `-`… to whatever values it
 * meets, with JavaScript's coercions (`"2" * 3` is 6, `"a" + 1` is "a1"). TypeScript types those
 * operators for numbers only; this is the one place that lets any value through.
 */
const operand = (value: unknown): number => value as number;

export type ExpressionFunctions = Record<string, (...args: unknown[]) => unknown>;

/** Functions every expression may call; callers add their own (a filter's `firstOccurrence`, say). */
export const BUILTIN_FUNCTIONS: ExpressionFunctions = {
  Number: (v) => Number(v),
  String: (v) => (v === undefined || v === null ? '' : String(v)),
  Boolean: (v) => Boolean(v),
  round: (v, digits = 0) => Math.round(Number(v) * 10 ** Number(digits)) / 10 ** Number(digits),
  abs: (v) => Math.abs(Number(v)),
  min: (...v) => Math.min(...v.map(Number)),
  max: (...v) => Math.max(...v.map(Number)),
  lower: (v) => String(v ?? '').toLowerCase(),
  upper: (v) => String(v ?? '').toUpperCase(),
};

function evaluate(node: Node, scope: Record<string, unknown>, source: string, functions: ExpressionFunctions): unknown {
  const evaluateIn = (n: Node) => evaluate(n, scope, source, functions);
  switch (node.kind) {
    case 'function': {
      const fn = Object.prototype.hasOwnProperty.call(functions, node.name) ? functions[node.name] : undefined;
      if (!fn) throw new ExpressionError(`unknown function '${node.name}' (available: ${Object.keys(functions).join(', ')})`, source);
      return fn(...node.args.map(evaluateIn));
    }
    case 'literal':
      return node.value;
    case 'name':
      return read(scope, node.name);
    case 'member':
      return read(evaluateIn(node.object), evaluateIn(node.property));
    case 'call': {
      const target = evaluateIn(node.object);
      if (!METHODS.has(node.method) || (typeof target !== 'string' && !Array.isArray(target)))
        throw new ExpressionError(
          `'${node.method}' cannot be called here (allowed on strings and lists: ${[...METHODS].join(', ')})`,
          source,
        );
      // The method as a property lookup on the value finds it (a string's from String.prototype).
      const fn: unknown = Reflect.get(Object(target), node.method);
      if (typeof fn !== 'function') throw new ExpressionError(`'${node.method}' is not available on this value`, source);
      return fn.apply(target, node.args.map(evaluateIn));
    }
    case 'unary': {
      const v = evaluateIn(node.operand);
      return node.op === '!' ? !v : node.op === '-' ? -operand(v) : +operand(v);
    }
    case 'conditional':
      return evaluateIn(node.test) ? evaluateIn(node.then) : evaluateIn(node.else);
    case 'binary': {
      if (node.op === '&&') return evaluateIn(node.left) && evaluateIn(node.right);
      if (node.op === '||') return evaluateIn(node.left) || evaluateIn(node.right);
      if (node.op === '??') return evaluateIn(node.left) ?? evaluateIn(node.right);
      const a = evaluateIn(node.left);
      const b = evaluateIn(node.right);
      switch (node.op) {
        case '===':
          return a === b;
        case '!==':
          return a !== b;
        // Loose equality as people write it in conditions ("status == 200" against "200"), without coercing objects.
        case '==':
          return a === b || (a !== null && b !== null && typeof a !== 'object' && typeof b !== 'object' && String(a) === String(b));
        case '!=':
          return !(a === b || (a !== null && b !== null && typeof a !== 'object' && typeof b !== 'object' && String(a) === String(b)));
        case '<':
          return operand(a) < operand(b);
        case '<=':
          return operand(a) <= operand(b);
        case '>':
          return operand(a) > operand(b);
        case '>=':
          return operand(a) >= operand(b);
        case '+':
          return operand(a) + operand(b);
        case '-':
          return operand(a) - operand(b);
        case '*':
          return operand(a) * operand(b);
        case '/':
          return operand(a) / operand(b);
        case '%':
          return operand(a) % operand(b);
      }
    }
  }
  throw new ExpressionError('unsupported expression', source);
}

const cache = new Map<string, Node>();

/** Evaluates `source` against the names in `scope`. Throws ExpressionError for a syntax error. */
export function evaluateExpression(
  source: string,
  scope: Record<string, unknown>,
  functions: ExpressionFunctions = BUILTIN_FUNCTIONS,
): unknown {
  let tree = cache.get(source);
  if (!tree) {
    tree = parseExpression(source);
    if (cache.size > 1000) cache.clear();
    cache.set(source, tree);
  }
  return evaluate(tree, scope, source, functions);
}
