import type { CategoryDefinition } from '../contract/types.js';

// The 17 categories the editor knows out of the box, in sidebar order (weight 0..16).
const rows: Array<[name: string, label: string, icon: string, colour: string, description: string]> = [
  ['triggers', 'Triggers', 'mdi:play-circle', 'emerald', 'Entry points that start a workflow run'],
  ['inputs', 'Inputs', 'mdi:import', 'blue', 'Text, chat messages and files fed into the workflow'],
  ['outputs', 'Outputs', 'mdi:export', 'slate', 'Results shown to the user or the end of a run'],
  ['prompts', 'Prompts', 'mdi:text-box-edit', 'amber', 'Templates that turn data into model prompts'],
  ['models', 'Models', 'mdi:brain', 'indigo', 'Language and chat models'],
  ['processing', 'Processing', 'mdi:cog', 'teal', 'Transform, filter and reshape data'],
  ['logic', 'Logic', 'mdi:source-branch', 'purple', 'Branching, routing and loops'],
  ['data', 'Data', 'mdi:database', 'cyan', 'Read, merge, aggregate and store records'],
  ['tools', 'Tools', 'mdi:tools', 'orange', 'Tools and API calls available to models and agents'],
  ['helpers', 'Helpers', 'mdi:lightbulb-on', 'lime', 'Notes and other editor helpers'],
  ['vector stores', 'Vector Stores', 'mdi:database-search', 'purple', 'Similarity search over stored embeddings'],
  ['embeddings', 'Embeddings', 'mdi:vector-point', 'cyan', 'Turn text into vectors'],
  ['memories', 'Memories', 'mdi:memory', 'pink', 'Conversation history and other state kept between turns'],
  ['agents', 'Agents', 'mdi:robot', 'red', 'Autonomous agents that plan and call tools'],
  ['ai', 'AI', 'mdi:creation', 'indigo', 'AI-powered analysis and generation steps'],
  ['interrupts', 'Interrupts', 'mdi:hand-back-right', 'amber', 'Pause a run until a person responds'],
  ['bundles', 'Bundles', 'mdi:package-variant', 'slate', 'Reusable groups of nodes and sub-workflows'],
];

export const BUILTIN_CATEGORIES: CategoryDefinition[] = rows.map(([name, label, icon, colour, description], weight) => ({
  name,
  label,
  icon,
  color: `var(--fd-node-${colour})`,
  description,
  weight,
}));
