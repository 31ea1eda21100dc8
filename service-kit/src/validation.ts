import type { FastifyInstance } from 'fastify';
import AjvModule from 'ajv';
import formatsModule from 'ajv-formats';

// CommonJS modules: under nodenext the default import is `module.exports`, whose `default` is the export.
const Ajv = AjvModule.default;
const addFormats = formatsModule.default;

function createAjv(coerceTypes: boolean | 'array') {
  const ajv = new Ajv({
    allErrors: true,
    useDefaults: true,
    coerceTypes,
    // Unknown fields are refused (400), never silently dropped: Fastify's default removes them.
    removeAdditional: false,
    // OpenAPI words (summary, example) sit beside the JSON Schema keywords.
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

/**
 * Validation as the contract needs it: a JSON body is taken as typed (`{"name": 123}` is a wrong
 * type, not the string "123"), while path and query strings are coerced to the numbers and booleans
 * their schemas declare. Both refuse unknown fields and collect every problem (allErrors).
 */
export function useContractValidation(app: FastifyInstance): void {
  const bodies = createAjv(false);
  const strings = createAjv('array');
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodies : strings).compile(schema as object),
  );
}
