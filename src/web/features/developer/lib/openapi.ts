/** The parts of an OpenAPI 3.1 document the /api reference reads (our own /api/v1/openapi.json). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface Operation {
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Follows a local $ref ("#/components/schemas/X"). */
export function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 10; depth += 1)
    current = doc.components?.schemas?.[current.$ref.split('/').at(-1) ?? ''] ?? {};
  return current;
}

/** A schema's type in a few words: "string", "number or null", "one of 1d, 7d", "array of object". */
export function typeOf(doc: OpenApiDocument, schema: JsonSchema): string {
  const resolved = resolve(doc, schema);
  if (resolved.enum) return `one of ${resolved.enum.map(String).join(', ')}`;
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives) return alternatives.map((item) => typeOf(doc, item)).join(' or ');
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type ?? 'any'];
  return types
    .map((type) =>
      type === 'array' && resolved.items ? `array of ${typeOf(doc, resolved.items)}` : String(type),
    )
    .join(' or ');
}

/** The object a schema describes (directly, or as the items of an array), if any. */
export function objectOf(doc: OpenApiDocument, schema: JsonSchema): JsonSchema | null {
  const resolved = resolve(doc, schema);
  if (resolved.properties) return resolved;
  if (resolved.items) return objectOf(doc, resolved.items);
  const alternative = (resolved.anyOf ?? resolved.oneOf)?.find((item) => objectOf(doc, item));
  return alternative ? objectOf(doc, alternative) : null;
}

/** A curl command for an operation, with example query values (each parameter's default). */
export function curlExample(origin: string, base: string, path: string, operation: Operation, key: string) {
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? [])
    if (parameter.in === 'query' && parameter.schema?.default !== undefined)
      query.set(parameter.name, String(parameter.schema.default));
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return `curl -H "Authorization: Bearer ${key}" "${origin}${base}${path}${search}"`;
}
