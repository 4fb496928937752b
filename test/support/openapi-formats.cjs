// The string formats the OpenAPI checks know (openapi.ts), as one module: ajv's standalone code, kept between
// runs (test-cache.ts), requires its formats from here.
const { fullFormats } = require('ajv-formats/dist/formats');

module.exports = {
  ...fullFormats,
  // The OAS marks node, edge and workflow ids `format: uuid`, but the real editor emits arbitrary strings
  // (`text_input.1`, `e-a-b`, "" for an unsaved workflow), so wfe accepts any id. So `uuid` here means "a
  // non-empty string".
  uuid: { type: 'string', validate: (value) => value.length > 0 },
  // Used only in OAS examples/config schemas (`format: hidden`, `format: csv` in example payloads); never a
  // constraint on a response.
  hidden: true,
};
