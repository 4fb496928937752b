// An Agent Spec document read the way Agent Spec runtimes read it, into components the rules can check.
//
// The order matters and follows the reference loader: a component's `$referenced_components` join the one
// table of reference keys when that component is read, before its fields; its fields are read in the
// order of its class; a `{"$component_ref": key}` is read once and the same component is shared by every
// place that names it, while a component written out twice is two components. So a key defined at two
// levels is refused, a reference to a key that no table read so far defines is dangling, and a node that
// is written out again (not referenced) in an edge is not the flow's node.
import { isObject, isReference, type AsObject, type AsValue } from '../types.js';
import { escapePointer } from '../../util/json-pointer.js';
import { isAgentSpecVersion, type AgentSpecVersion } from '../versions.js';
import { ABSTRACT_TYPES, COMPONENT_CLASSES, familiesOf, type ComponentClass, type Family, type FieldSpec } from './component-classes.js';
import { badTitle, defaultFits, schemaFault } from './property-types.js';
import type { AgentSpecRuleId } from './rule-ids.js';

/** An input or output: a JSON Schema whose title names it. */
export interface Property {
  title: string;
  schema: AsObject;
  /** JSON pointer of the schema in the document. */
  path: string;
}

export interface Component {
  type: string;
  raw: AsObject;
  /** Its fields, with a reference in a field that takes a plain value replaced by that value (a disaggregated prompt). */
  fields: AsObject;
  /** JSON pointer of its definition in the document. */
  path: string;
  id: string;
  name: string;
  /** Its class, when wfe describes the type's fields. */
  cls?: ComponentClass;
  /** Fields whose values are components, read. */
  children: Map<string, Component | Component[]>;
  /** Declared inputs and outputs (absent or null: inferred). */
  inputs?: Property[];
  outputs?: Property[];
}

export interface Finding {
  ruleId: AgentSpecRuleId;
  message: string;
  pointer: string;
}

export interface LoadedDocument {
  root?: Component;
  /** Every component read, each once, in the order read. */
  components: Component[];
  version: AgentSpecVersion;
  findings: Finding[];
}

/** The version a document without `agentspec_version` is read as. */
const CURRENT_VERSION: AgentSpecVersion = '26.2.0';

const LOADING = Symbol('loading');

const FAMILY_NAMES: Record<Family, string> = {
  Node: 'a node',
  Flow: 'a Flow',
  LlmConfig: 'an LLM configuration',
  Tool: 'a tool',
  AgenticComponent: 'an agent or a flow',
  ClientTransport: 'an MCP client transport',
  ToolBox: 'a toolbox',
  ControlFlowEdge: 'a ControlFlowEdge',
  DataFlowEdge: 'a DataFlowEdge',
};

const kindOf = (value: AsValue): string =>
  value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;

export interface LoadOptions {
  /** Components of a separate components file (a disaggregated config), by reference key. */
  external?: Map<string, AsValue>;
  /** Where the YAML text had an unquoted date, which PyYAML reads as a date, not as the text wfe keeps. */
  yamlDates?: ReadonlySet<string>;
}

/** The one pre-release pyagentspec still reads, as the first release. */
const PRE_RELEASE = '25.4.0';
const OLDEST_RELEASE: AgentSpecVersion = '25.4.1';

export function loadDocument(document: AsValue, options: LoadOptions = {}): LoadedDocument {
  const findings: Finding[] = [];
  const components: Component[] = [];
  const table = new Map<string, { value: AsValue; path: string }>();
  // The components file's entries: the only place a reference may find a plain value (a prompt, a URL).
  for (const [key, value] of options.external ?? []) table.set(key, { value, path: '' });
  const loaded = new Map<string, Component | typeof LOADING | undefined>();
  const report = (ruleId: AgentSpecRuleId, pointer: string, message: string) => findings.push({ ruleId, pointer, message });

  let version: AgentSpecVersion = CURRENT_VERSION;
  // As pyagentspec reads it: agentspec_version when the key is there (null included, which is refused), else
  // the legacy air_version; the pre-release 25.4.0 is read as 25.4.1, the first release.
  if (isObject(document) && ('agentspec_version' in document || 'air_version' in document)) {
    const declared = 'agentspec_version' in document ? document.agentspec_version : document.air_version;
    if (declared === PRE_RELEASE) version = OLDEST_RELEASE;
    else if (isAgentSpecVersion(declared)) version = declared;
    else {
      const shown = typeof declared === 'string' ? `'${declared}'` : JSON.stringify(declared);
      report('agentspec-version', '/agentspec_version', `agentspec_version ${shown} is not a release of Agent Spec`);
    }
  }

  function loadReference(key: AsValue, at: string, expected?: Family): Component | undefined {
    if (typeof key !== 'string') {
      report('agentspec-reference', at, `$component_ref must be a string, not ${kindOf(key)}`);
      return undefined;
    }
    const state = loaded.get(key);
    if (state === LOADING) {
      report('agentspec-reference', at, `reference '${key}' refers back to itself through the components it contains`);
      return undefined;
    }
    let component = state;
    if (!loaded.has(key)) {
      const definition = table.get(key);
      if (!definition) {
        report('agentspec-reference', at, danglingReference(key));
        loaded.set(key, undefined);
        return undefined;
      }
      loaded.set(key, LOADING);
      component = loadComponent(definition.value, definition.path || at);
      loaded.set(key, component);
    }
    if (component && expected && !familiesOf(component.type)?.includes(expected))
      report('agentspec-component-type', at, `reference '${key}' is a ${component.type}, where ${FAMILY_NAMES[expected]} is expected`);
    return component;
  }

  function loadComponent(content: AsValue, path: string, expected?: Family): Component | undefined {
    if (!isObject(content)) {
      if (path === '')
        report('agentspec-component-type', path, `not an Agent Spec component: the document is ${kindOf(content)}, not an object`);
      else
        report(
          'agentspec-field',
          path,
          `expected ${expected ? FAMILY_NAMES[expected] : 'a component'} (an object), found ${kindOf(content)}`,
        );
      return undefined;
    }
    const own = content.$referenced_components;
    if (own !== undefined) {
      if (!isObject(own))
        report('agentspec-reference', `${path}/$referenced_components`, '$referenced_components must be an object of key → component');
      else
        for (const [key, value] of Object.entries(own)) {
          const at = `${path}/$referenced_components/${escapePointer(key)}`;
          const earlier = table.get(key);
          // A key the components file defines wins over the document's definition, as pyagentspec's
          // components_registry does: the document's is not read, and not a second definition.
          if (earlier?.path === '') continue;
          if (earlier)
            report(
              'agentspec-reference',
              at,
              `reference key '${key}' is defined again (first at ${earlier.path}): a key may be defined once, at one level`,
            );
          else table.set(key, { value, path: at });
        }
    }
    if ('$component_ref' in content) return loadReference(content.$component_ref, path, expected);
    const type = content.component_type;
    if (type === undefined) {
      report(
        'agentspec-component-type',
        path,
        `component_type is missing: ${expected ? FAMILY_NAMES[expected] : 'a component'} names its type`,
      );
      return undefined;
    }
    if (typeof type !== 'string') {
      report('agentspec-component-type', `${path}/component_type`, `component_type must be a string, not ${kindOf(type)}`);
      return undefined;
    }
    const families = familiesOf(type);
    if (!families) {
      const why = ABSTRACT_TYPES.has(type)
        ? 'is an abstract class of Agent Spec, not a component type'
        : 'is not a component type of Agent Spec';
      report('agentspec-component-type', `${path}/component_type`, `'${type}' ${why}`);
      return undefined;
    }
    if (expected && !families.includes(expected))
      report('agentspec-component-type', `${path}/component_type`, `a ${type} is here, where ${FAMILY_NAMES[expected]} is expected`);
    const component: Component = {
      type,
      raw: content,
      fields: { ...content },
      path,
      id: typeof content.id === 'string' ? content.id : `${path}#generated`,
      name: typeof content.name === 'string' ? content.name : '',
      children: new Map(),
    };
    const cls = COMPONENT_CLASSES[type];
    if (cls) {
      component.cls = cls;
      for (const [field, spec] of Object.entries(cls.fields)) readField(component, field, spec);
    } else readUnknownFields(component);
    components.push(component);
    return component;
  }

  function readField(component: Component, field: string, spec: FieldSpec): void {
    const at = `${component.path}/${escapePointer(field)}`;
    let value = component.raw[field];
    // A field of a plain value may name it by reference too (a components file supplies a prompt, a URL).
    if (spec.kind !== 'component' && spec.kind !== 'components' && isReference(value)) {
      const definition = table.get(value.$component_ref);
      if (!definition) {
        report('agentspec-reference', at, danglingReference(value.$component_ref));
        return;
      }
      if (definition.path !== '' && !isObject(definition.value)) {
        report(
          'agentspec-reference',
          at,
          `reference '${value.$component_ref}' names a plain value of $referenced_components, which holds components: supply a value by reference in a separate components file`,
        );
        return;
      }
      value = definition.value;
      component.fields[field] = value;
    }
    if (value === undefined) {
      if (spec.required)
        report(
          'agentspec-field',
          at,
          `${component.type} '${component.name}' has no ${field}, which ${article(component.type)} ${component.type} requires`,
        );
      return;
    }
    if (value === null) {
      if (!spec.nullable) report('agentspec-field', at, `${field} of ${component.type} '${component.name}' must not be null`);
      return;
    }
    const wrong = (what: string): void =>
      void report('agentspec-field', at, `${field} of ${component.type} '${component.name}' must be ${what}, not ${kindOf(value)}`);
    switch (spec.kind) {
      case 'string':
        if (typeof value !== 'string') wrong('a string');
        else if (options.yamlDates?.has(at))
          report(
            'agentspec-field',
            at,
            `${field} of ${component.type} '${component.name}' must be a string, and ${value} unquoted is a date to PyYAML (Oracle's loader refuses it): quote it`,
          );
        return;
      case 'boolean':
        if (typeof value !== 'boolean') wrong('true or false');
        return;
      case 'number':
        if (typeof value !== 'number') wrong('a number');
        return;
      case 'strings':
        if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) wrong('a list of strings');
        return;
      case 'string-map':
        if (!isObject(value) || !Object.values(value).every((v) => typeof v === 'string')) wrong('an object of strings');
        return;
      case 'object':
        if (!isObject(value)) wrong('an object');
        return;
      case 'model':
        if (typeof value === 'number' || typeof value === 'boolean') wrong('an object');
        return;
      case 'enum':
        if (typeof value !== 'string' || !spec.values.includes(value)) wrong(`one of ${spec.values.join(', ')}`);
        return;
      case 'enum-map':
        if (!isObject(value) || !Object.values(value).every((v) => typeof v === 'string' && spec.values.includes(v)))
          wrong(`an object whose values are ${spec.values.join(', ')}`);
        return;
      case 'properties': {
        if (!Array.isArray(value)) return wrong('a list of properties (JSON Schemas)');
        const properties = value.flatMap((item, i) => readProperty(item, `${at}/${i}`));
        if (field === 'inputs') component.inputs = properties;
        else component.outputs = properties;
        return;
      }
      case 'component': {
        const child = loadComponent(value, at, spec.of);
        if (child) component.children.set(field, child);
        return;
      }
      case 'components': {
        if (!Array.isArray(value)) return wrong(`a list of ${FAMILY_NAMES[spec.of].replace(/^an? /, '')} components`);
        const children: Component[] = [];
        value.forEach((item, i) => {
          const child = loadComponent(item, `${at}/${i}`, spec.of);
          if (child) children.push(child);
        });
        component.children.set(field, children);
        return;
      }
      case 'any':
        return;
    }
  }

  /** A type whose fields wfe does not describe: its nested components are still read, in the order written. */
  function readUnknownFields(component: Component): void {
    for (const [field, value] of Object.entries(component.raw)) {
      if (field === 'metadata' || field === '$referenced_components' || field === 'component_type') continue;
      const at = `${component.path}/${escapePointer(field)}`;
      if (isObject(value) && (typeof value.component_type === 'string' || typeof value.$component_ref === 'string')) {
        const child = loadComponent(value, at);
        if (child) component.children.set(field, child);
      } else if (
        Array.isArray(value) &&
        value.length > 0 &&
        value.every((v) => isObject(v) && ('component_type' in v || '$component_ref' in v))
      ) {
        const children = value.flatMap((item, i) => loadComponent(item, `${at}/${i}`) ?? []);
        component.children.set(field, children);
      } else if (field === 'inputs' || field === 'outputs') {
        if (Array.isArray(value)) {
          const properties = value.flatMap((item, i) => readProperty(item, `${at}/${i}`));
          if (field === 'inputs') component.inputs = properties;
          else component.outputs = properties;
        }
      }
    }
  }

  function readProperty(value: AsValue, path: string): Property[] {
    if (!isObject(value)) {
      report('agentspec-property', path, `a property is a JSON Schema object, not ${kindOf(value)}`);
      return [];
    }
    const title = value.title === undefined ? 'property' : value.title;
    if (typeof title !== 'string') {
      report('agentspec-property', `${path}/title`, `a property's title must be a string, not ${kindOf(title)}`);
      return [];
    }
    if (title.length === 0) report('agentspec-property', `${path}/title`, 'a property needs a title: the input or output name');
    const fault = schemaFault(value);
    if (fault) report('agentspec-property', path, `property '${title}' is not a valid JSON Schema: ${fault}`);
    else {
      const bad = badTitle(value);
      if (bad !== undefined)
        report(
          'agentspec-property',
          path,
          `property title '${bad}' has a space or one of . , { } ' " (titles are names of inputs and outputs)`,
        );
      else if ('default' in value && !defaultFits(value.default, value))
        report('agentspec-property', `${path}/default`, `the default of property '${title}' does not fit its type`);
    }
    return [{ title, schema: value, path }];
  }

  const root = loadComponent(document, '');
  return { root, components, version, findings };
}

const article = (word: string): string => (/^[AEIOU]/.test(word) || /^Llm/.test(word) ? 'an' : 'a');

const danglingReference = (key: string): string =>
  `reference '${key}' is not defined in any $referenced_components read before it; if a separate components file defines it, pass that file too (wfe import --components <file>)`;
