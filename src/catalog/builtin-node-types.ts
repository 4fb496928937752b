import type { JsonObject, NodeMetadata, NodePort } from '../contract/types.js';

// Built-in node types: what the editor's sidebar shows when the folder defines none.
//
// Formats: every built-in names its format. FlowDrop-native types carry `formats: ["flowdrop"]` and
// the Agent Spec starters `formats: ["agentspec"]`, so an Agent Spec workflow only offers nodes its
// export can map (a native node would silently export as an llm_node). User node types without
// `formats` stay universal.
//
// Control flow uses `trigger` ports: an input `trigger` runs the node, an output `trigger` fires when
// it has finished. Gateway outputs are its `config.branches`, so gateways declare no static outputs.

const FLOWDROP = ['flowdrop'];
const AGENTSPEC = ['agentspec'];

// ---- ports ----------------------------------------------------------------------------------------

function input(id: string, name: string, dataType: string, description: string, required = false): NodePort {
  return { id, name, type: 'input', dataType, required, description };
}

function output(id: string, name: string, dataType: string, description: string): NodePort {
  return { id, name, type: 'output', dataType, required: false, description };
}

const runIn = input('trigger', 'Trigger', 'trigger', 'Runs this node');
const doneOut = output('trigger', 'Done', 'trigger', 'Fires when this node has finished');

// ---- config properties (ConfigSchema.properties entries) -----------------------------------------

type Prop = JsonObject;
const text = (title: string, value: string, extra: Prop = {}): Prop => ({ type: 'string', title, default: value, ...extra });
const longText = (title: string, value: string, extra: Prop = {}): Prop => text(title, value, { format: 'multiline', ...extra });
const number = (title: string, value: number, extra: Prop = {}): Prop => ({ type: 'number', title, default: value, ...extra });
const integer = (title: string, value: number, extra: Prop = {}): Prop => ({ type: 'integer', title, default: value, ...extra });
const flag = (title: string, value: boolean, extra: Prop = {}): Prop => ({ type: 'boolean', title, default: value, ...extra });
const choice = (title: string, values: string[], value: string, extra: Prop = {}): Prop => ({
  type: 'string',
  title,
  enum: values,
  default: value,
  ...extra,
});
const json = (title: string, value: JsonObject, extra: Prop = {}): Prop => ({
  type: 'object',
  title,
  format: 'json',
  default: value,
  ...extra,
});
const template = (title: string, value: string, ports: string[], extra: Prop = {}): Prop =>
  text(title, value, { format: 'template', variables: { ports, showHints: true }, ...extra });

const branchItem: Prop = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', description: 'Handle id of this branch; letters, digits, _ and -' },
    label: { type: 'string', title: 'Label' },
    condition: { type: 'string', title: 'Condition', description: 'Expression over the node inputs; empty for the default branch' },
    isDefault: { type: 'boolean', title: 'Default branch', default: false },
  },
  required: ['name'],
};
// Never listed in `required`: `branches` is a reserved NodeConfig key, which config checks skip.
const branches = (value: JsonObject[], description: string): Prop => ({
  type: 'array',
  title: 'Branches',
  description,
  items: branchItem,
  minItems: 1,
  default: value,
});

// ---- node type assembly ---------------------------------------------------------------------------

interface Definition {
  id: string;
  name: string;
  description: string;
  category: string;
  type: string;
  supportedTypes: string[];
  icon: string;
  color: string;
  badge?: string;
  portDataType?: string;
  tags: string[];
  formats: string[];
  extensions?: JsonObject;
  inputs: NodePort[];
  outputs: NodePort[];
  props?: Record<string, Prop>;
  required?: string[];
}

function define(def: Definition): NodeMetadata {
  const { id, name, description, category, props = {}, required = [], ...rest } = def;
  const config: JsonObject = {};
  for (const [key, prop] of Object.entries(props)) if ('default' in prop) config[key] = prop.default;
  for (const key of required) {
    if (!(key in config)) throw new Error(`built-in node type ${id}: required config "${key}" has no default`);
  }
  return {
    id,
    name,
    description,
    category,
    version: '1.0.0',
    ...rest,
    configSchema: { type: 'object', properties: props, ...(required.length ? { required } : {}) },
    config,
  };
}

const colour = (name: string) => `var(--fd-node-${name})`;

// ---- FlowDrop-native node types -------------------------------------------------------------------

const native: NodeMetadata[] = [
  define({
    id: 'start',
    name: 'Start',
    description: 'Where a run begins; connect its trigger to the first step',
    category: 'triggers',
    type: 'terminal',
    supportedTypes: ['terminal'],
    icon: 'mdi:play-circle',
    color: colour('emerald'),
    tags: ['start', 'entry', 'trigger'],
    formats: FLOWDROP,
    inputs: [],
    outputs: [output('trigger', 'Start', 'trigger', 'Fires once when a run begins')],
  }),
  define({
    id: 'end',
    name: 'End',
    description: 'Where a run finishes; the run completes when a trigger reaches it',
    category: 'outputs',
    type: 'terminal',
    supportedTypes: ['terminal'],
    icon: 'mdi:stop-circle',
    color: colour('slate'),
    tags: ['end', 'finish'],
    formats: FLOWDROP,
    inputs: [input('trigger', 'Finish', 'trigger', 'Completes the run')],
    outputs: [],
  }),
  define({
    id: 'text_input',
    name: 'Text Input',
    description: 'A text value typed in by the user when the workflow runs',
    category: 'inputs',
    type: 'default',
    supportedTypes: ['default', 'simple', 'square'],
    icon: 'mdi:form-textbox',
    color: colour('blue'),
    tags: ['input', 'text'],
    formats: FLOWDROP,
    inputs: [runIn],
    outputs: [doneOut, output('text', 'Text', 'string', 'The text entered by the user')],
    props: {
      label: text('Field label', 'Text'),
      placeholder: text('Placeholder', 'Type something…'),
      defaultValue: longText('Default value', ''),
      multiline: flag('Multi-line', true),
    },
  }),
  define({
    id: 'chat_input',
    name: 'Chat Input',
    description: 'The message a user sends in the chat playground',
    category: 'inputs',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:chat',
    color: colour('blue'),
    tags: ['input', 'chat', 'playground'],
    formats: FLOWDROP,
    inputs: [runIn],
    outputs: [
      doneOut,
      output('message', 'Message', 'string', 'The user message of this turn'),
      output('history', 'History', 'json[]', 'Earlier messages of the session, oldest first'),
    ],
    props: {
      placeholder: text('Placeholder', 'Ask me anything…'),
      includeHistory: flag('Include history', true),
      maxHistory: integer('History length', 20, { minimum: 0, maximum: 200 }),
    },
  }),
  define({
    id: 'file_input',
    name: 'File Input',
    description: 'Reads a file from the workflow folder or an upload',
    category: 'inputs',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:file-upload',
    color: colour('blue'),
    tags: ['input', 'file', 'upload'],
    formats: FLOWDROP,
    inputs: [runIn],
    outputs: [doneOut, output('file', 'File', 'file', 'The file with name, MIME type and content')],
    props: {
      path: text('Path', 'data/input.csv', { placeholder: 'data/input.csv' }),
      accept: text('Accepted types', '.csv,.json,.txt'),
      maxSizeMb: integer('Max size (MB)', 10, { minimum: 1, maximum: 1024 }),
    },
    required: ['path'],
  }),
  define({
    id: 'prompt_template',
    name: 'Prompt Template',
    description: 'Fills a prompt template with values from connected nodes',
    category: 'prompts',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:text-box-edit',
    color: colour('amber'),
    tags: ['prompt', 'template'],
    formats: FLOWDROP,
    inputs: [
      runIn,
      input('input', 'Input', 'string', 'Main text, available as {{ input }}'),
      input('context', 'Context', 'json', 'Extra values, available as {{ context.<field> }}'),
    ],
    outputs: [doneOut, output('prompt', 'Prompt', 'string', 'The rendered prompt')],
    props: {
      template: template('Template', 'Answer the question below.\n\nQuestion: {{ input }}', ['input', 'context']),
    },
    required: ['template'],
  }),
  define({
    id: 'chat_model',
    name: 'Chat Model',
    description: 'Sends a prompt to a chat model and returns its reply; can call connected tools',
    category: 'models',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:brain',
    color: colour('indigo'),
    tags: ['llm', 'model', 'chat', 'ai'],
    formats: FLOWDROP,
    inputs: [
      runIn,
      input('prompt', 'Prompt', 'string', 'The user prompt', true),
      input('system', 'System Prompt', 'string', 'Overrides the configured system prompt'),
      input('history', 'History', 'json[]', 'Earlier messages to include'),
      input('tools', 'Tools', 'tool', 'Tools the model may call'),
    ],
    outputs: [
      doneOut,
      output('response', 'Response', 'string', 'The model reply'),
      output('usage', 'Usage', 'json', 'Token counts: {promptTokens, completionTokens}'),
    ],
    props: {
      model: choice(
        'Model',
        ['gpt-4o-mini', 'gpt-4o', 'claude-3-5-sonnet', 'claude-3-5-haiku', 'llama-3.1-8b-instruct', 'mistral-small'],
        'gpt-4o-mini',
      ),
      temperature: number('Temperature', 0.7, { minimum: 0, maximum: 2, step: 0.1, format: 'range' }),
      maxTokens: integer('Max tokens', 1024, { minimum: 1, maximum: 32768 }),
      systemPrompt: longText('System prompt', 'You are a helpful assistant.'),
      mockResponse: longText('Mock response', '', {
        description: 'Reply used by the local runner instead of calling a model; empty echoes the prompt',
      }),
    },
    required: ['model'],
  }),
  define({
    id: 'conditional_router',
    name: 'Conditional Router',
    description: 'Sends the run down the first branch whose condition matches, else the default branch',
    category: 'logic',
    type: 'gateway',
    supportedTypes: ['gateway'],
    icon: 'mdi:call-split',
    color: colour('purple'),
    tags: ['branch', 'router', 'if', 'switch'],
    formats: FLOWDROP,
    inputs: [runIn, input('value', 'Value', 'string', 'Available to conditions as `value`', true)],
    outputs: [],
    props: {
      branches: branches(
        [
          { name: 'match', label: 'Match', condition: "value === 'yes'", isDefault: false },
          { name: 'default', label: 'Default', condition: '', isDefault: true },
        ],
        'Each branch becomes an output handle',
      ),
      evaluation: choice('Evaluation', ['first_match', 'all_matches'], 'first_match'),
    },
  }),
  define({
    id: 'for_each',
    name: 'For Each',
    description: 'Runs the connected loop body once per item; connect the end of the body to Loop Back',
    category: 'logic',
    type: 'default',
    supportedTypes: ['default'],
    icon: 'mdi:repeat',
    color: colour('purple'),
    tags: ['loop', 'iterate', 'foreach'],
    formats: FLOWDROP,
    inputs: [
      runIn,
      input('items', 'Items', 'array', 'The list to iterate over', true),
      input('loop_back', 'Loop Back', 'trigger', 'Connect the last node of the loop body here'),
    ],
    outputs: [
      output('each', 'Each Item', 'trigger', 'Fires once per item'),
      output('item', 'Item', 'mixed', 'The current item'),
      output('index', 'Index', 'number', 'Zero-based index of the current item'),
      output('done', 'Done', 'trigger', 'Fires after the last item'),
      output('results', 'Results', 'array', 'Values collected from each iteration'),
    ],
    props: {
      maxIterations: integer('Max iterations', 1000, { minimum: 1 }),
      continueOnError: flag('Continue on error', false),
    },
  }),
  define({
    id: 'calculator',
    name: 'Calculator',
    description: 'Evaluates arithmetic expressions; attach it to a model as a tool',
    category: 'tools',
    type: 'tool',
    supportedTypes: ['tool', 'default'],
    icon: 'mdi:calculator',
    color: colour('orange'),
    badge: 'TOOL',
    portDataType: 'tool',
    tags: ['tool', 'math'],
    formats: FLOWDROP,
    inputs: [input('expression', 'Expression', 'string', 'Expression to evaluate when run as a step')],
    outputs: [
      output('tool', 'Tool', 'tool', 'Connect to the Tools input of a model or agent'),
      output('result', 'Result', 'number', 'The value of the expression'),
    ],
    props: {
      precision: integer('Decimal places', 6, { minimum: 0, maximum: 15 }),
      angleUnit: choice('Angle unit', ['radians', 'degrees'], 'radians'),
    },
  }),
  define({
    id: 'web_search',
    name: 'Web Search',
    description: 'Searches the web; attach it to a model as a tool',
    category: 'tools',
    type: 'tool',
    supportedTypes: ['tool', 'default'],
    icon: 'mdi:web',
    color: colour('orange'),
    badge: 'TOOL',
    portDataType: 'tool',
    tags: ['tool', 'search', 'web'],
    formats: FLOWDROP,
    inputs: [input('query', 'Query', 'string', 'Search query when run as a step')],
    outputs: [
      output('tool', 'Tool', 'tool', 'Connect to the Tools input of a model or agent'),
      output('results', 'Results', 'json[]', 'Hits as {title, url, snippet}'),
    ],
    props: {
      provider: choice('Provider', ['duckduckgo', 'brave', 'bing'], 'duckduckgo'),
      maxResults: integer('Max results', 5, { minimum: 1, maximum: 50 }),
      safeSearch: flag('Safe search', true),
    },
  }),
  define({
    id: 'http_request',
    name: 'HTTP Request',
    description: 'Calls an HTTP API; run it as a step or attach it to a model as a tool',
    category: 'tools',
    type: 'default',
    supportedTypes: ['default', 'tool'],
    icon: 'mdi:api',
    color: colour('orange'),
    badge: 'API',
    portDataType: 'tool',
    tags: ['http', 'api', 'rest', 'tool'],
    formats: FLOWDROP,
    inputs: [
      runIn,
      input('url', 'URL', 'url', 'Overrides the configured URL'),
      input('body', 'Body', 'json', 'Request body for POST, PUT and PATCH'),
    ],
    outputs: [
      doneOut,
      output('response', 'Response', 'json', 'Parsed response body'),
      output('status', 'Status Code', 'number', 'HTTP status code'),
      output('tool', 'Tool', 'tool', 'Connect to the Tools input of a model or agent'),
    ],
    props: {
      method: choice('Method', ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], 'GET'),
      url: text('URL', 'https://api.example.com/v1/status', { format: 'uri' }),
      headers: json('Headers', {}),
      timeoutMs: integer('Timeout (ms)', 10000, { minimum: 100, maximum: 300000 }),
      mockResponse: json('Mock response', {}, { description: 'Body returned by the local runner instead of calling the URL' }),
    },
    required: ['method', 'url'],
  }),
  define({
    id: 'json_parser',
    name: 'JSON Parser',
    description: 'Parses JSON text, optionally extracting one value by path',
    category: 'processing',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:code-json',
    color: colour('teal'),
    tags: ['json', 'parse'],
    formats: FLOWDROP,
    inputs: [runIn, input('text', 'Text', 'string', 'JSON text, e.g. a model reply', true)],
    outputs: [
      doneOut,
      output('json', 'JSON', 'json', 'The parsed value'),
      output('error', 'Error', 'string', 'Parse error message; empty on success'),
    ],
    props: {
      path: text('Path', '', { placeholder: '$.items', description: 'Optional JSONPath of the value to extract' }),
      strict: flag('Strict', true),
      stripCodeFences: flag('Strip code fences', true, { description: 'Remove ```json fences around model output' }),
    },
  }),
  define({
    id: 'text_formatter',
    name: 'Text Formatter',
    description: 'Reformats text: template, case, trim or truncate',
    category: 'processing',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:format-text',
    color: colour('teal'),
    tags: ['text', 'format', 'template'],
    formats: FLOWDROP,
    inputs: [
      runIn,
      input('text', 'Text', 'string', 'Text to format', true),
      input('data', 'Data', 'json', 'Extra values for the template'),
    ],
    outputs: [doneOut, output('text', 'Text', 'string', 'The formatted text')],
    props: {
      operation: choice('Operation', ['template', 'uppercase', 'lowercase', 'trim', 'truncate'], 'template'),
      template: template('Template', '{{ text }}', ['text', 'data']),
      maxLength: integer('Max length', 0, { minimum: 0, description: '0 keeps the full text' }),
    },
    required: ['operation'],
  }),
  define({
    id: 'csv_parser',
    name: 'CSV Parser',
    description: 'Turns a CSV file into a list of records',
    category: 'data',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:file-delimited',
    color: colour('cyan'),
    tags: ['csv', 'parse', 'etl'],
    formats: FLOWDROP,
    inputs: [runIn, input('file', 'File', 'file', 'CSV file', true)],
    outputs: [
      doneOut,
      output('records', 'Records', 'json[]', 'One object per row'),
      output('count', 'Row Count', 'number', 'Number of rows read'),
    ],
    props: {
      delimiter: text('Delimiter', ',', { maxLength: 1 }),
      hasHeader: flag('First row is a header', true),
      encoding: choice('Encoding', ['utf-8', 'latin1'], 'utf-8'),
    },
  }),
  define({
    id: 'data_filter',
    name: 'Data Filter',
    description: 'Keeps the records that match a condition',
    category: 'processing',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:filter',
    color: colour('teal'),
    tags: ['filter', 'etl'],
    formats: FLOWDROP,
    inputs: [runIn, input('records', 'Records', 'json[]', 'Records to filter', true)],
    outputs: [
      doneOut,
      output('records', 'Kept', 'json[]', 'Records matching the condition'),
      output('rejected', 'Rejected', 'json[]', 'Records not matching the condition'),
    ],
    props: {
      condition: text('Condition', "record.status === 'active'", { description: 'Expression over `record`' }),
    },
    required: ['condition'],
  }),
  define({
    id: 'data_mapper',
    name: 'Data Mapper',
    description: 'Renames, computes and drops fields of each record',
    category: 'processing',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:swap-horizontal',
    color: colour('teal'),
    tags: ['map', 'transform', 'etl'],
    formats: FLOWDROP,
    inputs: [runIn, input('records', 'Records', 'json[]', 'Records to transform', true)],
    outputs: [doneOut, output('records', 'Records', 'json[]', 'Transformed records')],
    props: {
      mapping: json('Mapping', { id: 'record.id' }, { description: 'Output field → expression over `record`' }),
      dropUnmapped: flag('Drop unmapped fields', false),
    },
    required: ['mapping'],
  }),
  define({
    id: 'data_merge',
    name: 'Data Merge',
    description: 'Appends or joins two lists of records',
    category: 'data',
    type: 'default',
    supportedTypes: ['default'],
    icon: 'mdi:set-merge',
    color: colour('cyan'),
    tags: ['merge', 'join', 'etl'],
    formats: FLOWDROP,
    inputs: [runIn, input('left', 'Left', 'json[]', 'First list', true), input('right', 'Right', 'json[]', 'Second list', true)],
    outputs: [doneOut, output('records', 'Records', 'json[]', 'Merged records')],
    props: {
      strategy: choice('Strategy', ['append', 'inner_join', 'left_join'], 'append'),
      key: text('Join key', 'id'),
    },
    required: ['strategy'],
  }),
  define({
    id: 'data_aggregate',
    name: 'Aggregate',
    description: 'Summarises records: count, sum, average, min or max, optionally per group',
    category: 'data',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:sigma',
    color: colour('cyan'),
    tags: ['aggregate', 'sum', 'group', 'etl'],
    formats: FLOWDROP,
    inputs: [runIn, input('records', 'Records', 'json[]', 'Records to summarise', true)],
    outputs: [doneOut, output('summary', 'Summary', 'json', 'Result per group, or one result')],
    props: {
      operation: choice('Operation', ['count', 'sum', 'avg', 'min', 'max'], 'count'),
      field: text('Field', '', { description: 'Field to aggregate; not needed for count' }),
      groupBy: text('Group by', ''),
    },
    required: ['operation'],
  }),
  define({
    id: 'save_to_file',
    name: 'Save to File',
    description: 'Writes records or text to a file',
    category: 'data',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:content-save',
    color: colour('cyan'),
    tags: ['file', 'write', 'export', 'etl'],
    formats: FLOWDROP,
    inputs: [runIn, input('records', 'Records', 'json[]', 'Records to write'), input('content', 'Content', 'string', 'Text to write')],
    outputs: [doneOut, output('file', 'File', 'file', 'The written file')],
    props: {
      path: text('Path', 'output/result.json'),
      format: choice('Format', ['json', 'jsonl', 'csv', 'text'], 'json'),
      overwrite: flag('Overwrite', true),
    },
    required: ['path', 'format'],
  }),
  define({
    id: 'conversation_memory',
    name: 'Conversation Memory',
    description: 'Keeps the recent messages of a chat session',
    category: 'memories',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:memory',
    color: colour('pink'),
    tags: ['memory', 'history', 'chat'],
    formats: FLOWDROP,
    inputs: [
      runIn,
      input('message', 'Message', 'string', 'The user message to remember'),
      input('response', 'Response', 'string', 'The assistant reply to remember'),
    ],
    outputs: [doneOut, output('history', 'History', 'json[]', 'Remembered messages, oldest first')],
    props: {
      maxMessages: integer('Max messages', 20, { minimum: 1, maximum: 500 }),
      memoryKey: text('Memory key', 'default', { description: 'Nodes sharing a key share one memory' }),
      perSession: flag('Per session', true),
    },
  }),
  define({
    id: 'human_review',
    name: 'Human Review',
    description: 'Pauses the run until a person confirms, chooses, types an answer, fills a form or reviews changes',
    category: 'interrupts',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:account-check',
    color: colour('amber'),
    tags: ['interrupt', 'approval', 'human-in-the-loop'],
    formats: FLOWDROP,
    inputs: [
      runIn,
      input('content', 'Content', 'string', 'Shown to the reviewer above the question'),
      input('data', 'Data', 'json', 'Values for {{ }} placeholders in the message'),
    ],
    outputs: [
      output('approved', 'Approved', 'trigger', 'Fires when the person confirms or submits an answer'),
      output('rejected', 'Rejected', 'trigger', 'Fires when the person declines or cancels'),
      output('response', 'Response', 'json', 'The answer: confirmation, selection, text, form values or review decisions'),
    ],
    props: {
      interruptType: choice('Interrupt type', ['confirmation', 'choice', 'text', 'form', 'review'], 'confirmation'),
      message: longText('Message', 'Please review and confirm before the workflow continues.'),
      confirmLabel: text('Confirm label', 'Approve'),
      cancelLabel: text('Cancel label', 'Reject'),
      options: {
        type: 'array',
        title: 'Options',
        description: 'Choices offered when the type is "choice"',
        items: {
          type: 'object',
          properties: {
            value: { type: 'string', title: 'Value' },
            label: { type: 'string', title: 'Label' },
            description: { type: 'string', title: 'Description' },
          },
          required: ['value', 'label'],
        },
        default: [],
      },
      multiple: flag('Allow several choices', false),
      placeholder: text('Placeholder', '', { description: 'Hint shown when the type is "text"' }),
      formSchema: json('Form schema', {}, { description: 'ConfigSchema of the form when the type is "form"' }),
      allowCancel: flag('Allow cancel', true),
      timeoutSeconds: integer('Timeout (s)', 0, { minimum: 0, description: '0 waits forever' }),
    },
    required: ['interruptType', 'message'],
  }),
  define({
    id: 'text_output',
    name: 'Text Output',
    description: 'Shows a text result of the run',
    category: 'outputs',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:text-box-outline',
    color: colour('slate'),
    tags: ['output', 'text'],
    formats: FLOWDROP,
    inputs: [runIn, input('text', 'Text', 'string', 'Text to show', true)],
    outputs: [doneOut],
    props: {
      title: text('Title', 'Result'),
      format: choice('Format', ['plain', 'markdown', 'json'], 'markdown'),
    },
  }),
  define({
    id: 'chat_output',
    name: 'Chat Output',
    description: 'Posts a message to the chat playground',
    category: 'outputs',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:message-reply-text',
    color: colour('slate'),
    tags: ['output', 'chat', 'playground'],
    formats: FLOWDROP,
    inputs: [runIn, input('message', 'Message', 'string', 'The message to post', true)],
    outputs: [doneOut],
    props: {
      role: choice('Role', ['assistant', 'system'], 'assistant'),
      markdown: flag('Render markdown', true),
    },
  }),
  define({
    id: 'note',
    name: 'Note',
    description: 'A sticky note for documenting the workflow; never runs',
    category: 'helpers',
    type: 'note',
    supportedTypes: ['note'],
    icon: 'mdi:note-text',
    color: colour('lime'),
    tags: ['note', 'comment', 'documentation'],
    formats: FLOWDROP,
    inputs: [],
    outputs: [],
    props: {
      content: text('Content', 'Describe this part of the workflow.', { format: 'markdown' }),
      noteType: choice('Style', ['info', 'warning', 'success', 'error', 'note'], 'info'),
    },
    required: ['content'],
  }),
];

// ---- Agent Spec starters --------------------------------------------------------------------------

function agentspec(componentType: string, def: Omit<Definition, 'id' | 'formats' | 'extensions'>): NodeMetadata {
  return define({
    id: `agentspec.${componentType}`,
    ...def,
    tags: ['agentspec', ...(def.tags ?? [])],
    formats: AGENTSPEC,
    extensions: { 'agentspec:component_type': componentType },
  });
}

const agentSpecStarters: NodeMetadata[] = [
  agentspec('start_node', {
    name: 'Start Node',
    description: 'Agent Spec StartNode: the entry of the flow; its outputs are the flow inputs',
    category: 'triggers',
    type: 'terminal',
    supportedTypes: ['terminal'],
    icon: 'mdi:play-circle',
    color: colour('emerald'),
    tags: ['start'],
    inputs: [],
    outputs: [
      output('trigger', 'Start', 'trigger', 'Fires when the flow starts'),
      output('user_input', 'User Input', 'string', 'The input the flow was started with'),
    ],
  }),
  agentspec('end_node', {
    name: 'End Node',
    description: 'Agent Spec EndNode: finishes the flow; its inputs are the flow outputs',
    category: 'outputs',
    type: 'terminal',
    supportedTypes: ['terminal'],
    icon: 'mdi:stop-circle',
    color: colour('slate'),
    tags: ['end'],
    inputs: [
      input('trigger', 'Finish', 'trigger', 'Finishes the flow'),
      input('result', 'Result', 'string', 'Returned as the flow output'),
    ],
    outputs: [],
  }),
  agentspec('llm_node', {
    name: 'LLM Node',
    description: 'Agent Spec LlmNode: renders a prompt template and asks the configured LLM',
    category: 'ai',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:creation',
    color: colour('indigo'),
    tags: ['llm'],
    inputs: [runIn, input('prompt', 'Prompt', 'string', 'Available to the template as {{ prompt }}')],
    outputs: [doneOut, output('llm_output', 'LLM Output', 'string', 'The generated text')],
    props: {
      prompt_template: template('Prompt template', '{{ prompt }}', ['prompt']),
      system_prompt: longText('System prompt', ''),
      llm_config_ref: text('LLM config', 'default_llm', { description: 'Name of a shared LLM configuration' }),
    },
    required: ['prompt_template'],
  }),
  agentspec('branching_node', {
    name: 'Branching Node',
    description: 'Agent Spec BranchingNode: picks the branch whose value equals the input, else "default"',
    category: 'logic',
    type: 'gateway',
    supportedTypes: ['gateway'],
    icon: 'mdi:call-split',
    color: colour('purple'),
    tags: ['branch'],
    inputs: [runIn, input('input', 'Input', 'mixed', 'Value looked up in the branch conditions', true)],
    outputs: [],
    props: {
      branches: branches(
        [
          { name: 'yes', label: 'Yes', condition: 'yes', isDefault: false },
          { name: 'default', label: 'Default', condition: '', isDefault: true },
        ],
        'Condition is the literal input value selecting the branch; the default branch catches the rest',
      ),
    },
  }),
  agentspec('tool_node', {
    name: 'Tool Node',
    description: 'Agent Spec ToolNode: runs one tool with the given inputs',
    category: 'tools',
    // Rendered as a default node so its control-flow and data ports stay visible; in the tool
    // look (supportedTypes) the trigger port is the one shown.
    type: 'default',
    supportedTypes: ['default', 'tool'],
    badge: 'TOOL',
    portDataType: 'trigger',
    icon: 'mdi:wrench',
    color: colour('orange'),
    tags: ['tool'],
    inputs: [runIn, input('input', 'Input', 'string', 'Passed to the tool')],
    outputs: [doneOut, output('result', 'Result', 'string', 'What the tool returned')],
    props: {
      tool_ref: text('Tool', '', { description: 'Name of the tool to run' }),
    },
  }),
  agentspec('api_node', {
    name: 'API Node',
    description: 'Agent Spec ApiNode: calls an HTTP endpoint',
    category: 'data',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:api',
    color: colour('cyan'),
    tags: ['api', 'http'],
    inputs: [runIn, input('body', 'Body', 'json', 'Request body')],
    outputs: [
      doneOut,
      output('response', 'Response', 'json', 'Parsed response body'),
      output('status_code', 'Status Code', 'number', 'HTTP status code'),
    ],
    props: {
      endpoint: text('Endpoint', 'https://api.example.com/v1/resource', { format: 'uri' }),
      method: choice('Method', ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], 'GET'),
      headers: json('Headers', {}),
    },
    required: ['endpoint', 'method'],
  }),
  agentspec('agent_node', {
    name: 'Agent Node',
    description: 'Agent Spec AgentNode: hands the input to an agent and waits for its answer',
    category: 'agents',
    type: 'default',
    supportedTypes: ['default', 'simple'],
    icon: 'mdi:robot',
    color: colour('red'),
    tags: ['agent'],
    inputs: [runIn, input('input', 'Input', 'string', 'Message for the agent')],
    outputs: [doneOut, output('output', 'Output', 'string', 'The agent answer')],
    props: {
      agent_ref: text('Agent', '', { description: 'Name of the agent to call' }),
    },
  }),
  agentspec('flow_node', {
    name: 'Flow Node',
    description: 'Agent Spec FlowNode: runs another flow as one step',
    category: 'processing',
    type: 'simple',
    supportedTypes: ['simple', 'default'],
    icon: 'mdi:sitemap',
    color: colour('teal'),
    tags: ['subflow'],
    inputs: [runIn, input('input', 'Input', 'string', 'Input of the sub-flow')],
    outputs: [doneOut, output('output', 'Output', 'string', 'Output of the sub-flow')],
    props: {
      flow_ref: text('Flow', '', { description: 'Name of the flow to run' }),
    },
  }),
  agentspec('map_node', {
    name: 'Map Node',
    description: 'Agent Spec MapNode: runs a flow once per item of a collection',
    category: 'processing',
    type: 'default',
    supportedTypes: ['default'],
    icon: 'mdi:format-list-checks',
    color: colour('teal'),
    tags: ['map', 'loop'],
    inputs: [runIn, input('collection', 'Collection', 'array', 'Items to map over', true)],
    outputs: [doneOut, output('results', 'Results', 'array', 'One result per item')],
    props: {
      input_collection: text('Input collection', 'collection'),
      output_collection: text('Output collection', 'results'),
      map_flow_ref: text('Flow', '', { description: 'Name of the flow run per item' }),
    },
  }),
  // The node kinds below have no FlowDrop counterpart; `wfe import` creates them from Agent Spec flows, with
  // the ports listed here when the component declares no others.
  agentspec('input_message_node', {
    name: 'Input Message',
    description: 'Agent Spec InputMessageNode: asks the user and waits for the answer',
    category: 'inputs',
    type: 'default',
    supportedTypes: ['default'],
    icon: 'mdi:message-question',
    color: colour('blue'),
    tags: ['message', 'input'],
    inputs: [runIn],
    outputs: [doneOut, output('user_input', 'User Input', 'string', "The user's answer")],
    props: {
      message: longText('Message', '', { description: 'Shown to the user; {{ name }} placeholders are inputs' }),
    },
  }),
  agentspec('output_message_node', {
    name: 'Output Message',
    description: 'Agent Spec OutputMessageNode: shows a message to the user',
    category: 'outputs',
    type: 'default',
    supportedTypes: ['default'],
    icon: 'mdi:message-reply-text',
    color: colour('slate'),
    tags: ['message', 'output'],
    inputs: [runIn, input('message', 'Message', 'string', 'Available to the template as {{ message }}')],
    outputs: [doneOut],
    props: {
      message: template('Message', '{{ message }}', ['message']),
    },
    required: ['message'],
  }),
  agentspec('catch_exception_node', {
    name: 'Catch Exception',
    description: 'Agent Spec CatchExceptionNode: runs a sub-flow and routes its failures',
    category: 'logic',
    type: 'default',
    supportedTypes: ['default'],
    icon: 'mdi:shield-alert',
    color: colour('purple'),
    tags: ['subflow', 'exception'],
    inputs: [runIn],
    outputs: [
      doneOut,
      output('caught_exception_branch', 'Caught Exception', 'trigger', 'Fires when the sub-flow raised an exception'),
      output('caught_exception_info', 'Exception Info', 'mixed', 'What was raised, or null'),
    ],
    props: {
      flow_ref: text('Flow', '', { description: 'Name of the flow to run' }),
    },
  }),
  agentspec('parallel_flow_node', {
    name: 'Parallel Flows',
    description: 'Agent Spec ParallelFlowNode: runs several sub-flows at once',
    category: 'processing',
    type: 'default',
    supportedTypes: ['default'],
    icon: 'mdi:call-split',
    color: colour('teal'),
    tags: ['subflow', 'parallel'],
    inputs: [runIn],
    outputs: [doneOut],
  }),
  agentspec('parallel_map_node', {
    name: 'Parallel Map',
    description: 'Agent Spec ParallelMapNode: runs a sub-flow per item, in parallel',
    category: 'processing',
    type: 'default',
    supportedTypes: ['default'],
    icon: 'mdi:format-list-checks',
    color: colour('teal'),
    tags: ['map', 'parallel'],
    inputs: [runIn],
    outputs: [doneOut],
    props: {
      map_flow_ref: text('Flow', '', { description: 'Name of the flow run per item' }),
    },
  }),
];

export const BUILTIN_NODE_TYPES: NodeMetadata[] = [...native, ...agentSpecStarters];
