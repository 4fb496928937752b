// Every rule of every wfe command, in one table: its id, the commands that apply it, its default severity,
// whether a team may change it, and its help (what it checks, how to fix what it finds, an example). The
// commands' rule lists, --list-rules, the SARIF report's rule metadata, the rules: map of wfe.config.yaml and
// docs/rules.md all follow it, and a rule id that is not in it does not compile (RuleId).
//
// The checks live with their rooms: the Agent Spec rules one module each (src/agentspec/checks/rules/), the
// workflow and export rules in graph/, agentspec/validate-export.ts and validate/check.ts.

export type Command = 'validate' | 'export';

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

export interface RuleEntry extends RuleHelp {
  commands: readonly Command[];
  severity: 'error' | 'warning';
  /** The command cannot proceed without it: its severity cannot be changed. */
  fixed?: true;
  /** One line (--list-rules, SARIF's short description). */
  description: string;
}

export const RULES = {
  'json-syntax': {
    commands: ['validate'],
    severity: 'error',
    fixed: true,
    description: 'the file is valid JSON',
    checks: 'The file is valid JSON. wfe serve cannot load a file that does not parse, so every other check is skipped for it.',
    fix: 'Open the file at the reported line and column and correct the JSON there: a missing value, comma, quote or bracket, or a trailing comma. Comments are not allowed.',
    example: { input: '{\n  "id": "chat",\n  "name":\n}', message: 'Invalid JSON: value expected' },
  },
  schema: {
    commands: ['validate'],
    severity: 'error',
    fixed: true,
    description: 'the file is a workflow: required fields, types and lengths of the contract',
    name: 'WorkflowSchema',
    checks:
      'The file is a FlowDrop workflow: it has the required fields (id, name, nodes, edges) with the right types and lengths, as the workflow contract defines them.',
    fix: 'Add the missing field or correct the value at the reported JSON pointer. Saving the workflow from the FlowDrop editor writes a valid file.',
    example: { input: '{ "id": "chat", "nodes": [], "edges": [] }', message: 'name is required' },
  },
  'duplicate-workflow-id': {
    commands: ['validate'],
    severity: 'error',
    description: 'no two files define the same workflow id (wfe serve keeps the first in path order)',
    checks:
      'No two files define the same workflow id. wfe serve keeps the first file in path order and ignores the others, so edits to the others never show up. Stdin and a symbolic link named as an argument are not files it loads: they are told which file has their id, and a link to a file also checked is that file. Only FlowDrop JSON files take part: an Agent Spec export or a FlowDrop YAML copy carries the id of the workflow it was made from, and wfe serve loads neither, so one kept beside its workflow is no duplicate.',
    fix: 'Give one of the two files a new, unique "id" (a fresh UUID), or delete the copy you do not need.',
    example: {
      input: 'flows/a.json and flows/copy-of-a.json both have "id": "chat"',
      message: "Workflow id 'chat' is also used by flows/a.json, which wfe serve loads instead",
    },
  },
  'too-many-nodes': {
    commands: ['validate'],
    severity: 'error',
    description: 'at most 10,000 nodes (what wfe serve accepts)',
    checks: 'A workflow has at most 10,000 nodes, the most that wfe serve accepts.',
    fix: 'Split the workflow into smaller workflows, or remove nodes that are no longer used.',
    example: { input: 'a workflow with 10,001 entries in "nodes"', message: 'Workflow has 10001 nodes; the limit is 10000' },
  },
  'duplicate-node-id': {
    commands: ['validate'],
    severity: 'error',
    description: 'node ids are unique within a workflow',
    checks: 'Node ids are unique within a workflow. Edges name their nodes by id, so a repeated id makes them ambiguous.',
    fix: 'Give the repeated node a new, unique "id" and update the "source" and "target" of the edges that should reach it.',
    example: { input: '"nodes": [{ "id": "model", ... }, { "id": "model", ... }]', message: "Duplicate node id: 'model'" },
  },
  'duplicate-edge-id': {
    commands: ['validate'],
    severity: 'error',
    description: 'edge ids are unique within a workflow',
    checks:
      'Edge ids are unique within a workflow. The editor and the engine tell edges apart by id, so a repeated id makes them ambiguous.',
    fix: 'Give the repeated edge a new, unique "id", or delete it if it is an accidental copy.',
    example: { input: '"edges": [{ "id": "e1", ... }, { "id": "e1", ... }]', message: "Duplicate edge id: 'e1'" },
  },
  'edge-missing-node': {
    commands: ['validate'],
    severity: 'error',
    description: 'edges connect nodes that exist',
    checks: 'Every edge connects two nodes that exist in the workflow.',
    fix: 'Point the edge\'s "source" or "target" at an existing node id, or delete the edge (it usually remains from a deleted node).',
    example: {
      input: '{ "id": "e9", "source": "model", "target": "ghost", ... }',
      message: "Edge 'e9' connects to non-existent node 'ghost' (target)",
    },
  },
  'edge-missing-port': {
    commands: ['validate'],
    severity: 'error',
    description: 'edge handles name ports (or branches) their nodes have',
    checks: "An edge's sourceHandle and targetHandle name ports (or dynamic ports, or gateway branches) that their nodes have.",
    fix: "Reconnect the edge to a port the node has (see the node type's inputs and outputs), or delete the edge. Renamed ports in a node type leave edges like this behind.",
    example: {
      input: '{ "source": "model", "sourceHandle": "model-output-response", "target": "out", "targetHandle": "out-input-nope" }',
      message: "Edge 'e7' uses target handle 'out-input-nope': node 'out' has no input port 'nope'",
    },
  },
  'port-compatibility': {
    commands: ['validate'],
    severity: 'error',
    description: "connected ports have compatible data types (per the port config's rules)",
    checks: "Connected ports have compatible data types, according to the port configuration's compatibility rules.",
    fix: 'Connect the output to an input of a compatible data type, or put a converting node between them. If the connection is intended, add a compatibilityRules entry {from, to} to the port configuration in wfe.config.yaml.',
    example: {
      input: 'an edge from an output of data type "array" to an input of data type "string"',
      message:
        "Edge 'e3' connects a array output to a string input; add a compatibilityRules entry {from: array, to: string} to wfe.config.yaml if this is intended",
    },
  },
  'unknown-node-type': {
    commands: ['validate'],
    severity: 'warning',
    description: "each node's type is one the catalog defines (built-in types and the folder's nodes/)",
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
    commands: ['validate'],
    severity: 'error',
    description: "node configuration satisfies its node type's configSchema",
    checks:
      "Each node's data.config satisfies the configSchema of its node type. Formats are not checked (FlowDrop's are UI hints), nor a pattern that could take exponential time on the event loop (a repeated group that holds a repetition or an alternative, or a backreference: `^(a+)+$`), nor any field of a configSchema over 64 KB as JSON.",
    fix: "Correct the config value named in the message at the reported pointer (type, allowed values, required fields), or edit the node's settings in the FlowDrop editor.",
    example: { input: '"config": { "temperature": "hot" }', message: "Node 'model' has invalid configuration: temperature must be number" },
  },
  'loop-exit-into-body': {
    commands: ['validate'],
    severity: 'error',
    description: "a loop's exit (done, results) does not lead back into its own body, which would start the loop over on every exit",
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
    commands: ['validate', 'export'],
    severity: 'error',
    fixed: true,
    description: 'a Flow needs nodes',
    checks: 'Agent Spec export: a Flow needs at least one node.',
    fix: 'Add a start node, the nodes of the flow and an end node, or delete the empty workflow file.',
    example: { input: '{ "id": "empty", "name": "Empty", "nodes": [], "edges": [] }', message: 'Workflow has no nodes' },
  },
  'mappable-node-type': {
    commands: ['validate', 'export'],
    severity: 'error',
    fixed: true,
    description: 'every node needs an Agent Spec type',
    checks: 'Agent Spec export: every node type has an Agent Spec component to map to.',
    fix: "Replace the node with a node type that Agent Spec can express, or give its node type an Agent Spec mapping in the folder's nodes/ definitions.",
    example: { input: 'a node whose type is "mystery", which no Agent Spec component matches', message: 'Node type not mappable: mystery' },
  },
  'single-start': {
    commands: ['validate', 'export'],
    severity: 'error',
    fixed: true,
    description: 'a Flow has exactly one StartNode',
    checks: 'Agent Spec export: a Flow has exactly one StartNode (a terminal node of the triggers category).',
    fix: 'Keep one start node: delete the extra ones and connect what they started to the remaining start node, or add a start node if there is none.',
    example: { input: 'two nodes of type "start"', message: 'Agent Spec requires exactly one StartNode. Found 2: start, start2' },
  },
  'end-reachable': {
    commands: ['validate', 'export'],
    severity: 'error',
    description: 'an EndNode is reachable from the start',
    checks:
      'Agent Spec export: an EndNode (a terminal node of the outputs category) exists and can be reached from the start node by following edges.',
    fix: 'Add an end node and connect the last step of the flow to it, or connect the part of the graph that the start node reaches to the existing end node.',
    example: { input: 'a workflow whose only end node has no incoming edge', message: 'No EndNode is reachable from the start node' },
  },
  'branch-exists': {
    commands: ['validate', 'export'],
    severity: 'error',
    description: 'edges leave gateways by branches they define',
    checks: 'Agent Spec export: edges leave a gateway (for example a conditional router) only by branches that the gateway defines.',
    fix: "Add the branch to the gateway's branches config, or reconnect the edge to one of the branches the gateway has.",
    example: {
      input: 'an edge from the "refund" handle of a router whose branches are ["billing", "other"]',
      message: 'Branch "refund" does not exist on gateway "Route" (edge e4)',
    },
  },
  'no-cycle': {
    commands: ['validate', 'export'],
    severity: 'error',
    description: 'every cycle is a declared loop (its back edge has data.loop: true or enters a loop_back port)',
    checks:
      'Agent Spec export: the graph has no cycle that is not declared as a loop. Edges into a loop_back input close a loop on purpose and are not counted.',
    fix: "Remove the edge that closes the cycle. If the repetition is intended, declare it as the message says: send the closing edge into a loop node's loop_back input (or mark it as a loop edge). If your team runs real cycles and does not export to Agent Spec, set no-cycle to off in wfe.config.yaml.",
    example: { input: 'edges a -> b and b -> a', message: "Cycle detected: 'a' (a) → 'b' (b) → 'a' (a). If this loop is intended, …" },
  },
  'no-disconnected-node': {
    commands: ['validate', 'export'],
    severity: 'error',
    description: 'every node has an edge',
    checks: 'Agent Spec export: every node has at least one edge.',
    fix: 'Connect the node to the flow, or delete it if it is left over.',
    example: { input: 'a node "lonely" that no edge touches', message: 'Disconnected node: lonely' },
  },
  'required-port': {
    commands: ['validate', 'export'],
    severity: 'error',
    description: 'required inputs are connected',
    checks: 'Agent Spec export: every input port that the node type marks as required is connected.',
    fix: 'Connect an output of a matching data type to the required input named in the message.',
    example: { input: 'a model node whose required "prompt" input has no incoming edge', message: 'Missing required port: model.prompt' },
  },
  'gateway-branches': {
    commands: ['validate', 'export'],
    severity: 'warning',
    description: 'gateways define branches',
    checks: 'Agent Spec export: a gateway defines at least one branch; an Agent Spec BranchingNode needs one.',
    fix: "Add the branches to the gateway's branches config and connect each branch to the node it should lead to.",
    example: {
      input: '"config": { "branches": [] } on a conditional router',
      message: 'Gateway node "Route" has no branches defined. Agent Spec BranchingNode requires at least one branch.',
    },
  },
  'lossy-export': {
    commands: ['validate', 'export'],
    severity: 'warning',
    description: 'what Agent Spec cannot express is named',
    checks:
      'Agent Spec export: names each thing that Agent Spec cannot express, which an export keeps only as metadata or drops (notes, tool connections, config fields without an Agent Spec field, inexact data types). Off in wfe validate by default, because each file is then converted too.',
    fix: 'Nothing is wrong with the workflow itself. If the flow must round-trip through Agent Spec, replace the named node, edge or config with one that Agent Spec expresses; otherwise leave the rule off, or set it to off for wfe export.',
    example: {
      input: 'a note node in the workflow',
      message: 'Note \'Todo\' (n1) has no Agent Spec equivalent; kept only in metadata "flowdrop:notes"',
    },
  },
  'agentspec-not-a-flow': {
    commands: ['validate'],
    severity: 'error',
    description: 'the document is an Agent Spec Flow (wfe validates, imports and runs flows)',
    checks:
      'The Agent Spec document is a Flow. wfe validates, imports and runs flows; an Agent, a tool or an LLM configuration is read, but is not a workflow.',
    fix: 'Validate the Flow that uses the component, or wrap an Agent in a Flow: StartNode → AgentNode (agent: the Agent) → EndNode.',
    example: {
      input: '{ "component_type": "Agent", "name": "helper", … }',
      message:
        "This document is an Agent 'helper', not a Flow: an Agent runs inside a Flow through an AgentNode (StartNode → AgentNode → EndNode)",
    },
  },
  'agentspec-component-type': {
    commands: ['validate'],
    severity: 'error',
    description: 'every component names a component type of Agent Spec, of the kind its field expects',
    checks:
      'Every component of an Agent Spec document names its type in component_type, a type of the format (StartNode, LlmNode, VllmConfig…), and of the kind its field takes: a node in nodes, an LLM configuration in llm_config, a Flow in subflow.',
    fix: 'Set component_type to the type meant (its spelling is PascalCase, as in the language specification), or move the component to a field of its kind.',
    example: {
      input: '"llm_config": { "$component_ref": "start" } where start is a StartNode',
      message: "reference 'start' is a StartNode, where an LLM configuration is expected",
    },
  },
  'agentspec-reference': {
    commands: ['validate'],
    severity: 'error',
    description: 'every $component_ref names a key defined once, in a $referenced_components read before it',
    checks:
      'Every {"$component_ref": key} names a key defined in a $referenced_components table that is read before it (the root\'s, or that of a component that contains the reference), each key is defined once at one level, and no component contains itself through references.',
    fix: 'Define the component under that key in $referenced_components, correct the key, or remove the second definition; for a disaggregated config, pass the components file too (wfe import --components <file>).',
    example: {
      input: '"to_node": { "$component_ref": "ghost" } with no "ghost" in any $referenced_components',
      message:
        "reference 'ghost' is not defined in any $referenced_components read before it; if a separate components file defines it, pass that file too (wfe import --components <file>)",
    },
  },
  'agentspec-field': {
    commands: ['validate'],
    severity: 'error',
    description: "every component has the fields its type requires, each of the type's kind",
    checks:
      'Every component has the fields its type requires (a name; a Flow its start_node, nodes and control_flow_connections; an LlmNode its llm_config and prompt_template; an edge its nodes…), each of the kind the language specification gives it.',
    fix: 'Add the missing field, or give it a value of the kind named in the message (a string, a list, a component).',
    example: { input: 'an LlmNode without llm_config', message: "LlmNode 'summarize_node' has no llm_config, which an LlmNode requires" },
  },
  'agentspec-property': {
    commands: ['validate'],
    severity: 'error',
    description: 'every input and output is a JSON Schema with a plain title and a default of its type',
    checks:
      'Every input and output is a JSON Schema whose title (the property name) is not empty and has no space or . , { } \' ", whose keywords are what the JSON Schema 2020-12 meta-schema allows (as the check_schema of pyagentspec asks: a type it has, limits that are non-negative integers, a pattern that the re module of Python compiles, required names listed once…), and whose default fits its type.',
    fix: 'Rename the property without spaces or punctuation, correct its type (string, number, integer, boolean, array, object, null), or change its default.',
    example: {
      input: '"inputs": [{ "title": "user question", "type": "string" }]',
      message: "property title 'user question' has a space or one of . , { } ' \" (titles are names of inputs and outputs)",
    },
  },
  'agentspec-version': {
    commands: ['validate', 'export'],
    severity: 'error',
    fixed: true,
    description: 'the declared agentspec_version covers every component and field the document uses',
    checks:
      'The agentspec_version an Agent Spec document declares (or, for wfe export, the one asked for) covers every component type and field it uses: Agent Spec runtimes refuse a document that declares less. A document without agentspec_version is read as the newest release.',
    fix: 'Declare the release the message names ("agentspec_version": "25.4.2"), or remove what needs it; for wfe export, leave --agentspec-version out so that the export picks the lowest release that covers the flow.',
    example: {
      input: '"agentspec_version": "25.4.1" on a flow whose LlmNode has two outputs (structured generation)',
      message:
        'agentspec_version is 25.4.1, but LlmNode \'summarize_node\' (LlmNode with structured output) needs Agent Spec 25.4.2: declare "agentspec_version": "25.4.2"',
    },
  },
  'agentspec-node-io': {
    commands: ['validate'],
    severity: 'error',
    description: "every component's declared inputs and outputs are the ones its configuration implies",
    checks:
      "A component's declared inputs and outputs are the ones its configuration gives (an LlmNode's inputs are the {{placeholders}} of its prompt_template, a FlowNode's those of its subflow, a Flow's those of its StartNode), each title once; a StartNode's and an EndNode's inputs equal their outputs; an InputMessageNode has one string output; ParallelFlowNode and CatchExceptionNode outputs combine their subflows' as the specification says.",
    fix: 'Rename, add or remove declared inputs and outputs so that they are the ones the message names, or leave the list out to have it inferred.',
    example: {
      input: 'an LlmNode with prompt_template "Summarize {{article}}" that declares the input "text"',
      message: "LlmNode 'summarize_node' has no input 'article', which the {{placeholders}} of its prompt_template implies",
    },
  },
  'agentspec-node-branches': {
    commands: ['validate'],
    severity: 'error',
    description: "every node's declared branches are the ones its configuration gives, each once",
    checks:
      "A node's declared branches are the ones its configuration gives, each once: next for most nodes; a BranchingNode's mapping values and default; a FlowNode's the branch names of its subflow's EndNodes; none for an EndNode.",
    fix: 'Correct the branches list to the branches named, or leave it out to have it inferred.',
    example: {
      input: 'an EndNode with "branches": ["next"]',
      message: "EndNode 'end' declares branches 'next', but its configuration gives none",
    },
  },
  'agentspec-start-node': {
    commands: ['validate'],
    severity: 'error',
    description: 'every flow has exactly one StartNode: its start_node, with one outgoing control flow edge and none coming in',
    checks:
      'Every flow, at any depth, has exactly one StartNode among its nodes; its start_node is that node (named by the same $component_ref); it leads on by exactly one control flow edge, and no control flow edge goes back into it.',
    fix: 'Keep one StartNode in nodes, name it as start_node by $component_ref, connect it to the first node by one control flow edge, and remove edges into it.',
    example: {
      input: 'a subflow whose start_node is its LlmNode',
      message: "start_node of Flow 'inner' is LlmNode 'ask', not its StartNode 'start'",
    },
  },
  'agentspec-end-node': {
    commands: ['validate'],
    severity: 'error',
    description: 'every flow has an EndNode; each EndNode has an incoming control flow edge and no outgoing one',
    checks:
      'Every flow, at any depth, has at least one EndNode; each EndNode has an incoming control flow edge, and no control flow edge leaves an EndNode.',
    fix: 'Add an EndNode, connect each EndNode from the node before it, and remove the edges that leave an EndNode.',
    example: {
      input: 'a subflow whose nodes have no EndNode',
      message: "Flow 'inner' has no EndNode: add one, connected from the last node",
    },
  },
  'agentspec-edge-node': {
    commands: ['validate'],
    severity: 'error',
    description: "every edge connects nodes of its own flow's nodes list",
    checks:
      'Every control and data flow edge connects nodes of its own flow: an edge of the root flow does not reach into a subflow, nor one of a subflow out of it.',
    fix: "Point the edge at a node of the flow it belongs to, or add the node to that flow's nodes.",
    example: {
      input: "a root edge whose to_node is a node of a FlowNode's subflow",
      message:
        "control flow edge 'next' of Flow 'outer' goes into LlmNode 'ask', which is not one of the flow's nodes ('start', 'inner' and 'end')",
    },
  },
  'agentspec-data-edge': {
    commands: ['validate'],
    severity: 'error',
    description: 'every data flow edge connects an output of its source to an input of its destination, of compatible types',
    checks:
      "Every data flow edge reads an output its source node has and writes an input its destination node has, and the output's type can be cast to the input's (anything to a string; numbers and booleans to each other; arrays and objects by their items and properties).",
    fix: 'Name an output the source has and an input the destination has (the message lists them and suggests the nearest), of types that convert.',
    example: {
      input: '"source_output": "sumary" on an edge from an LlmNode whose output is "summary"',
      message:
        "data flow edge 'data_edge_2' reads output 'sumary' of LlmNode 'summarize_node', which has outputs 'summary' (did you mean 'summary'?)",
    },
  },
  'agentspec-flow-outputs': {
    commands: ['validate'],
    severity: 'error',
    description: "a flow's outputs are given by every EndNode (or have a default), and EndNode outputs of one name have one type",
    checks:
      "A flow's outputs without a default are given, with the same type, by every EndNode, and EndNode outputs of one name have one type.",
    fix: 'Give the flow output a default, or add it with the same type to the outputs of every EndNode.',
    example: {
      input: 'a Flow with output "summary" (no default) and two EndNodes, one without it',
      message:
        "output 'summary' of Flow 'Ten words summary' has no default, and EndNode 'early_end' does not give it as string: add it to every EndNode or give it a default",
    },
  },
  'agentspec-branch-exists': {
    commands: ['validate'],
    severity: 'error',
    description: "every control flow edge leaves its node by one of the node's branches",
    checks:
      "Every control flow edge leaves its node by one of the node's branches (from_branch, or the node's default branch when it is null). Oracle's loader does not check it; the language specification does: from_branch must be set to one of the values in branches.",
    fix: "Set from_branch to one of the branches the message lists (a BranchingNode's are its mapping values and 'default'), or correct the mapping.",
    example: {
      input: '"from_branch": "Yes" from a BranchingNode whose mapping gives "yes" and "no"',
      message:
        "control flow edge 'to_run' leaves BranchingNode 'ready?' by branch 'Yes', which it does not have (its branches: 'default', 'yes' and 'no') (did you mean 'yes'?)",
    },
  },
  'agentspec-one-edge-per-branch': {
    commands: ['validate'],
    severity: 'error',
    description: 'no branch of a node has more than one outgoing control flow edge',
    checks:
      "No branch of a node has two outgoing control flow edges: edges say which node runs next, not which run at once. Oracle's loader does not check it; the language specification does: multi-connections from the same outgoing branch of a node are not allowed.",
    fix: 'Keep one edge per branch: chain the nodes, choose with a BranchingNode, or run subflows at once with a ParallelFlowNode.',
    example: {
      input: 'two control flow edges from an LlmNode with from_branch null',
      message: "LlmNode 'ask' has two control flow edges from branch 'next' ('a' and 'b'): a branch leads to one node",
    },
  },
  'agentspec-unique-id': {
    commands: ['validate'],
    severity: 'error',
    description: 'no two different components share an id',
    checks:
      "No two different components share an id. Oracle's loader does not check it; the language specification makes id the unique identifier of a component, and wfe's import and runs tell nodes apart by it.",
    fix: 'Give one of the components a new id (a fresh UUID), or name the same component by $component_ref in both places.',
    example: {
      input: 'a StartNode and an EndNode both with "id": "n1"',
      message: "EndNode 'end' has id 'n1', which StartNode 'start' (/$referenced_components/s) has too",
    },
  },
  'agentspec-unreachable-node': {
    commands: ['validate'],
    severity: 'warning',
    description: 'every node can be reached from the StartNode by control flow edges (a warning: the format allows it)',
    checks:
      "Every node of a flow can be reached from its StartNode by control flow edges. A warning: the language specification allows such a node (it never runs), and Oracle's loader loads the flow.",
    fix: 'Connect the node from the flow by a control flow edge, or remove it.',
    example: {
      input: 'an OutputMessageNode that no control flow edge reaches',
      message: "OutputMessageNode 'note' of Flow 'chat' is not reached from its StartNode by control flow edges: it never runs",
    },
  },
  'agentspec-undefined-component': {
    commands: ['validate'],
    severity: 'warning',
    description:
      'an LLM configuration, tool or agent a FlowDrop dialect document names is defined in it (a warning: it is read as a generic one)',
    checks:
      'An LLM configuration, tool or agent that a node of a FlowDrop dialect document names (as the editor\'s palette writes it: llm_config: "default_llm", a tool "text_transform") is defined in the document. A warning: wfe reads such a name as the generic component wfe export writes (an LlmConfig, a ServerTool with the node\'s ports, an Agent), for the runtime to map.',
    fix: 'Define the component in the document (its llm_configs, tools or agents), or pass the file that defines it with --components; or leave it, when the runtime that runs the flow maps the name.',
    example: {
      input: 'an llm_node of the editor with "llm_config": "default_llm" and no llm_configs',
      message:
        '\'LLM\' (llm_node) names no LLM config: read as a generic LlmConfig "default_llm" (model_id "default_llm") for the runtime to map',
    },
  },
} as const satisfies Record<string, RuleEntry>;

export type RuleId = keyof typeof RULES;

export const isRuleId = (id: string): id is RuleId => Object.hasOwn(RULES, id);

export const RULE_IDS: readonly RuleId[] = Object.keys(RULES).filter(isRuleId);
