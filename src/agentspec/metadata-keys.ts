// Where FlowDrop-only information travels inside an Agent Spec document (always under `metadata`, the
// one place the official schema leaves open), and where Agent Spec-only information lives in a workflow.

/** Flow metadata. */
export const FD_WORKFLOW_ID = 'flowdrop:workflow_id';
export const FD_VERSION = 'flowdrop:version';
export const FD_AUTHOR = 'flowdrop:author';
export const FD_TAGS = 'flowdrop:tags';
/** The rest of the workflow: other metadata, config, unknown top-level keys. */
export const FD_WORKFLOW = 'flowdrop:workflow';
/** Node type descriptors by id, once each. */
export const FD_NODE_TYPES = 'flowdrop:node_types';
/** Whole nodes with no Agent Spec equivalent (notes), as {at: index in the workflow, node}. */
export const FD_NOTES = 'flowdrop:notes';
/** Whole edges with no Agent Spec equivalent (tool connections, edges to notes), as {at, edge}. */
export const FD_EDGES = 'flowdrop:edges';

/** Node metadata. */
export const FD_POSITION = 'flowdrop:position';
export const FD_NODE_TYPE_ID = 'flowdrop:node_type_id';
/** The embedded node type, only when it differs from the flow's copy of that id. */
export const FD_NODE_TYPE = 'flowdrop:node_type';
/** Node fields other than id, position, label, config and metadata (type, data.extensions…). */
export const FD_NODE = 'flowdrop:node';
/** Config keys not written as a same-named Agent Spec field. */
export const FD_CONFIG = 'flowdrop:config';
/** Agent Spec fields wfe derived (not read back into the config on import). */
export const FD_DERIVED = 'flowdrop:derived';

/** Edge metadata: edge fields other than id, source and target, plus handles that are not derivable. */
export const FD_EDGE = 'flowdrop:edge';
/** Key inside FD_EDGE: the edge's position in the workflow, when the written order differs. */
export const EDGE_INDEX = 'index';

/** Workflow metadata key of a workflow imported from Agent Spec: the flow's own metadata and data-flow mode. */
export const AS_FLOW = 'agentspec:flow';
/** Node extension / edge data keys for the Agent Spec metadata and edge name of imported items. */
export const AS_METADATA = 'agentspec:metadata';
export const AS_NAME = 'agentspec:name';

export const isFlowdropKey = (key: string): boolean => key.startsWith('flowdrop:');
