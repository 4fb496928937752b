// Where is a JSON text broken? Node 20's JSON.parse leaves the position out of its most common message
// ("Unexpected token ',', ... is not valid JSON"), so a failed parse is re-scanned here to find the
// offset. Only called after JSON.parse has thrown.

export interface JsonSyntaxError {
  offset: number;
  message: string;
}

class Stop extends Error {
  constructor(readonly offset: number, message: string) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const describe = () => (i >= text.length ? 'unexpected end of input' : `unexpected ${JSON.stringify(text[i])}`);
  const fail = (expected?: string): never => {
    throw new Stop(i, expected ? `expected ${expected}, found ${i >= text.length ? 'end of input' : JSON.stringify(text[i])}` : describe());
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };

  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail('a closing quote');
      const c = text[i];
      if (c === '"') return void i++;
      if (c < ' ') fail('an escaped control character');
      if (c === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('four hex digits after \\u');
          i += 5;
        } else if (i < text.length && '"\\/bfnrt'.includes(text[i])) i++;
        else fail('a valid escape sequence');
      } else i++;
    }
  };

  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail('a property name in double quotes');
        string();
        ws();
        if (text[i] !== ':') fail("':'");
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail("',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail("',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, i)) return void (i += literal.length);
    }
    NUMBER.lastIndex = i;
    if (NUMBER.test(text)) return void (i = NUMBER.lastIndex);
    fail('a value');
  };

  try {
    value();
    ws();
    if (i < text.length) fail('end of input after the JSON value');
    return undefined;
  } catch (err) {
    if (err instanceof Stop) return { offset: err.offset, message: err.message };
    throw err;
  }
}
