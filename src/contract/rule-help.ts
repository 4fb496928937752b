// What each rule checks and how to fix what it finds, keyed by rule id: the SARIF report's rule metadata
// (GitHub code scanning shows it beside each alert) and docs/rules.md say the same thing. Its keys are also
// the rule ids of every wfe command, which a shared wfe.config.yaml may name (rule-config.ts).
import { readFileSync } from 'node:fs';
import { isRecord } from '../util/narrow.js';

export interface RuleHelp {
  /** SARIF name, when PascalCase of the id would only repeat it (SARIF1001 compares them case-blind). */
  name?: string;
  /** What the rule checks and why (SARIF fullDescription). */
  checks: string;
  /** How to make the problem go away (SARIF help). */
  fix: string;
  /** A small input that breaks the rule, and the message wfe prints for it. */
  example: { input: string; message: string };
}

export const RULE_HELP: Record<string, RuleHelp> = {
  'json-syntax': {
    checks: 'The file is valid JSON. wfe serve cannot load a file that does not parse, so every other check is skipped for it.',
    fix: 'Open the file at the reported line and column and correct the JSON there: a missing value, comma, quote or bracket, or a trailing comma. Comments are not allowed.',
    example: { input: '{\n  "id": "chat",\n  "name":\n}', message: 'Invalid JSON: value expected' },
  },
  schema: {
    name: 'WorkflowSchema',
    checks:
      'The file is a FlowDrop workflow: it has the required fields (id, name, nodes, edges) with the right types and lengths, as the workflow contract defines them.',
    fix: 'Add the missing field or correct the value at the reported JSON pointer. Saving the workflow from the FlowDrop editor writes a valid file.',
    example: { input: '{ "id": "chat", "nodes": [], "edges": [] }', message: 'name is required' },
  },
  'duplicate-workflow-id': {
    checks:
      'No two files define the same workflow id. wfe serve keeps the first file in path order and ignores the others, so edits to the others never show up.',
    fix: 'Give one of the two files a new, unique "id" (a fresh UUID), or delete the copy you do not need.',
    example: {
      input: 'flows/a.json and flows/copy-of-a.json both have "id": "chat"',
      message: "Workflow id 'chat' is also used by flows/a.json, which wfe serve loads instead",
    },
  },
  'too-many-nodes': {
    checks: 'A workflow has at most 10,000 nodes, the most that wfe serve accepts.',
    fix: 'Split the workflow into smaller workflows, or remove nodes that are no longer used.',
    example: { input: 'a workflow with 10,001 entries in "nodes"', message: 'Workflow has 10001 nodes; the limit is 10000' },
  },
  'duplicate-node-id': {
    checks: 'Node ids are unique within a workflow. Edges name their nodes by id, so a repeated id makes them ambiguous.',
    fix: 'Give the repeated node a new, unique "id" and update the "source" and "target" of the edges that should reach it.',
    example: { input: '"nodes": [{ "id": "model", ... }, { "id": "model", ... }]', message: "Duplicate node id: 'model'" },
  },
  'duplicate-edge-id': {
    checks:
      'Edge ids are unique within a workflow. The editor and the engine tell edges apart by id, so a repeated id makes them ambiguous.',
    fix: 'Give the repeated edge a new, unique "id", or delete it if it is an accidental copy.',
    example: { input: '"edges": [{ "id": "e1", ... }, { "id": "e1", ... }]', message: "Duplicate edge id: 'e1'" },
  },
  'edge-missing-node': {
    checks: 'Every edge connects two nodes that exist in the workflow.',
    fix: 'Point the edge\'s "source" or "target" at an existing node id, or delete the edge (it usually remains from a deleted node).',
    example: {
      input: '{ "id": "e9", "source": "model", "target": "ghost", ... }',
      message: "Edge 'e9' connects to non-existent node 'ghost' (target)",
    },
  },
  'edge-missing-port': {
    checks: "An edge's sourceHandle and targetHandle name ports (or dynamic ports, or gateway branches) that their nodes have.",
    fix: "Reconnect the edge to a port the node has (see the node type's inputs and outputs), or delete the edge. Renamed ports in a node type leave edges like this behind.",
    example: {
      input: '{ "source": "model", "sourceHandle": "model-output-response", "target": "out", "targetHandle": "out-input-nope" }',
      message: "Edge 'e7' uses target handle 'out-input-nope': node 'out' has no input port 'nope'",
    },
  },
  'port-compatibility': {
    checks: "Connected ports have compatible data types, according to the port configuration's compatibility rules.",
    fix: 'Connect the output to an input of a compatible data type, or put a converting node between them. If the connection is intended, add a compatibilityRules entry {from, to} to the port configuration in wfe.config.yaml.',
    example: {
      input: 'an edge from an output of data type "array" to an input of data type "string"',
      message:
        "Edge 'e3' connects a array output to a string input; add a compatibilityRules entry {from: array, to: string} to wfe.config.yaml if this is intended",
    },
  },
  'unknown-node-type': {
    checks:
      "Each node's type (data.metadata.id) is one that the folder's catalog defines: a built-in node type or one in the folder's nodes/. A node of another type still loads, because the workflow carries a copy of its descriptor, but nothing checks its configuration, the editor's sidebar does not offer it and a run only passes its inputs through. It is usually a typo, a node type file that was renamed or deleted, or a workflow copied from a project with its own node types.",
    fix: "Correct the type id to one that exists (GET /nodes of wfe serve lists them), or add the node type to the folder's nodes/ as a .json or .yaml file. If the type is intended to be known only to the workflow, set unknown-node-type to off in wfe.config.yaml.",
    example: {
      input: '"metadata": { "id": "sentimnet", ... } on a node "score"',
      message:
        "Node 'score' is of type 'sentimnet', which no node type of this folder defines (built-in or nodes/); the editor shows the copy saved in the workflow",
    },
  },
  'node-config': {
    checks: "Each node's data.config satisfies the configSchema of its node type.",
    fix: "Correct the config value named in the message at the reported pointer (type, allowed values, required fields), or edit the node's settings in the FlowDrop editor.",
    example: { input: '"config": { "temperature": "hot" }', message: "Node 'model' has invalid configuration: temperature must be number" },
  },
  'loop-exit-into-body': {
    checks:
      "A loop's exit ports (done, results) do not lead back into the loop's own body. Such an edge starts the loop over on every exit, so the loop never ends and every run that reaches it fails.",
    fix: "Connect the loop's done or results output to the node that should run after the loop, outside its body. Only the edge into the loop's loop_back input may return to the loop.",
    example: {
      input: 'an edge from the for_each node\'s "done" output to a node inside the same loop',
      message:
        "Loop 'Each item': its exit 'done' leads back into its own body (edge 'e5' to 'Format'), so every exit starts the loop over. Connect 'done' to what follows the loop.",
    },
  },
  'not-empty': {
    checks: 'Agent Spec export: a Flow needs at least one node.',
    fix: 'Add a start node, the nodes of the flow and an end node, or delete the empty workflow file.',
    example: { input: '{ "id": "empty", "name": "Empty", "nodes": [], "edges": [] }', message: 'Workflow has no nodes' },
  },
  'mappable-node-type': {
    checks: 'Agent Spec export: every node type has an Agent Spec component to map to.',
    fix: "Replace the node with a node type that Agent Spec can express, or give its node type an Agent Spec mapping in the folder's nodes/ definitions.",
    example: { input: 'a node whose type is "mystery", which no Agent Spec component matches', message: 'Node type not mappable: mystery' },
  },
  'single-start': {
    checks: 'Agent Spec export: a Flow has exactly one StartNode (a terminal node of the triggers category).',
    fix: 'Keep one start node: delete the extra ones and connect what they started to the remaining start node, or add a start node if there is none.',
    example: { input: 'two nodes of type "start"', message: 'Agent Spec requires exactly one StartNode. Found 2: start, start2' },
  },
  'agentspec-version': {
    checks:
      'Agent Spec export: the agentspec_version asked for covers every component the export writes. Only `wfe export --agentspec-version` can break it.',
    fix: 'Ask for a newer agentspec_version, or leave the version out so that the export picks the lowest one that covers the flow.',
    example: {
      input: 'wfe export flow.json --agentspec-version 25.4.1 for a flow with an LLM node of structured output',
      message: 'agentspec_version 25.4.1 is lower than 25.4.2, which LlmNode with structured output requires',
    },
  },
  'end-reachable': {
    checks:
      'Agent Spec export: an EndNode (a terminal node of the outputs category) exists and can be reached from the start node by following edges.',
    fix: 'Add an end node and connect the last step of the flow to it, or connect the part of the graph that the start node reaches to the existing end node.',
    example: { input: 'a workflow whose only end node has no incoming edge', message: 'No EndNode is reachable from the start node' },
  },
  'branch-exists': {
    checks: 'Agent Spec export: edges leave a gateway (for example a conditional router) only by branches that the gateway defines.',
    fix: "Add the branch to the gateway's branches config, or reconnect the edge to one of the branches the gateway has.",
    example: {
      input: 'an edge from the "refund" handle of a router whose branches are ["billing", "other"]',
      message: 'Branch "refund" does not exist on gateway "Route" (edge e4)',
    },
  },
  'no-cycle': {
    checks:
      'Agent Spec export: the graph has no cycle that is not declared as a loop. Edges into a loop_back input close a loop on purpose and are not counted.',
    fix: "Remove the edge that closes the cycle. If the repetition is intended, declare it as the message says: send the closing edge into a loop node's loop_back input (or mark it as a loop edge). If your team runs real cycles and does not export to Agent Spec, set no-cycle to off in wfe.config.yaml.",
    example: { input: 'edges a -> b and b -> a', message: "Cycle detected: 'a' (a) → 'b' (b) → 'a' (a). If this loop is intended, …" },
  },
  'no-disconnected-node': {
    checks: 'Agent Spec export: every node has at least one edge.',
    fix: 'Connect the node to the flow, or delete it if it is left over.',
    example: { input: 'a node "lonely" that no edge touches', message: 'Disconnected node: lonely' },
  },
  'required-port': {
    checks: 'Agent Spec export: every input port that the node type marks as required is connected.',
    fix: 'Connect an output of a matching data type to the required input named in the message.',
    example: { input: 'a model node whose required "prompt" input has no incoming edge', message: 'Missing required port: model.prompt' },
  },
  'gateway-branches': {
    checks: 'Agent Spec export: a gateway defines at least one branch; an Agent Spec BranchingNode needs one.',
    fix: "Add the branches to the gateway's branches config and connect each branch to the node it should lead to.",
    example: {
      input: '"config": { "branches": [] } on a conditional router',
      message: 'Gateway node "Route" has no branches defined. Agent Spec BranchingNode requires at least one branch.',
    },
  },
  'lossy-export': {
    checks:
      'Agent Spec export: names each thing that Agent Spec cannot express, which an export keeps only as metadata or drops (notes, tool connections, config fields without an Agent Spec field, inexact data types). Off in wfe validate by default, because each file is then converted too.',
    fix: 'Nothing is wrong with the workflow itself. If the flow must round-trip through Agent Spec, replace the named node, edge or config with one that Agent Spec expresses; otherwise leave the rule off, or set it to off for wfe export.',
    example: {
      input: 'a note node in the workflow',
      message: 'Note \'Todo\' (n1) has no Agent Spec equivalent; kept only in metadata "flowdrop:notes"',
    },
  },
};

/** SARIF's convention for a rule's name: `no-cycle` → `NoCycle`. */
export const ruleName = (id: string): string =>
  RULE_HELP[id]?.name ?? id.replace(/(?:^|[-_:/.])([a-z0-9])/gi, (_, c: string) => c.toUpperCase());

interface Manifest {
  repository?: string | { url?: string };
  homepage?: string;
}

/**
 * Where docs/rules.md is published, from package.json: `repository` (a GitHub or GitLab URL, or the
 * `github:owner/name` / `owner/name` shorthand) or else `homepage`; undefined when it names neither,
 * since SARIF wants an absolute helpUri.
 */
export function rulesDocUrl(manifest: Manifest): string | undefined {
  const repo = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  if (repo) {
    const shorthand = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(repo);
    const url = shorthand
      ? `https://github.com/${shorthand[1]}`
      : repo
          .replace(/^git\+/, '')
          .replace(/^git:\/\//, 'https://')
          .replace(/^git@([^:]+):/, 'https://$1/')
          .replace(/\.git$/, '');
    if (/^https?:\/\//.test(url)) return `${url.replace(/\/$/, '')}/blob/HEAD/docs/rules.md`;
  }
  if (manifest.homepage && /^https?:\/\//.test(manifest.homepage))
    return `${manifest.homepage.replace(/#.*$/, '').replace(/\/$/, '')}/docs/rules.md`;
  return undefined;
}

/** What rulesDocUrl reads of package.json: `repository` and `homepage`, where they have the types npm gives them. */
function manifestOf(json: unknown): Manifest {
  if (!isRecord(json)) return {};
  const { repository, homepage } = json;
  return {
    repository:
      typeof repository === 'string'
        ? repository
        : isRecord(repository) && typeof repository.url === 'string'
          ? { url: repository.url }
          : undefined,
    homepage: typeof homepage === 'string' ? homepage : undefined,
  };
}

const manifest = manifestOf(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')));

/** This package's docs/rules.md, when package.json says where the repository is. */
export const RULES_DOC_URL = rulesDocUrl(manifest);

/** Relative link of a rule's section in the repository, for texts read beside the repository. */
export const ruleDocPath = (id: string): string => `docs/rules.md#${id}`;

const missing = (id: string): RuleHelp => ({
  checks: `The ${id} rule.`,
  fix: `See ${ruleDocPath(id)}.`,
  example: { input: '', message: '' },
});

/** SARIF help.text: how to fix, an example and where the rule is documented. */
export function helpText(id: string, docUrl = RULES_DOC_URL): string {
  const help = RULE_HELP[id] ?? missing(id);
  const example = help.example.input ? `\n\nExample: ${help.example.input}\nwfe reports: ${help.example.message}` : '';
  return `${help.fix}${example}\n\nMore: ${docUrl ? `${docUrl}#${id}` : ruleDocPath(id)}`;
}

/** An example's input as Markdown: JSON as code (fenced when it spans lines), a description as text. */
export function exampleMarkdown(input: string): string {
  if (!/^[{["]/.test(input)) return input;
  return input.includes('\n') ? `\n\n\`\`\`json\n${input}\n\`\`\`\n\n` : `\`${input}\``;
}

/** SARIF help.markdown: the same as helpText, formatted. */
export function helpMarkdown(id: string, docUrl = RULES_DOC_URL): string {
  const help = RULE_HELP[id] ?? missing(id);
  const example = help.example.input ? `\n\n**Example:** ${exampleMarkdown(help.example.input)} gives *${help.example.message}*` : '';
  return `${help.fix}${example}\n\nMore: ${docUrl ? `[${ruleDocPath(id)}](${docUrl}#${id})` : `\`${ruleDocPath(id)}\` in the wfe repository`}`;
}

/** The rule ids of every wfe command: a shared wfe.config.yaml may name any of them. */
export const KNOWN_RULE_IDS: ReadonlySet<string> = new Set(Object.keys(RULE_HELP));
