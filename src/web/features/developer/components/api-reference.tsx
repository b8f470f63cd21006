import { useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/web/lib/session';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Spinner } from '@/web/components/ui/spinner';
import { copyToClipboard } from '@/web/lib/clipboard';
import { recentApiKey } from '../lib/recent-key';
import {
  curlExample,
  objectOf,
  typeOf,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from '../lib/openapi';

const PLACEHOLDER = 'YOUR_API_KEY';

async function fetchDocument(): Promise<OpenApiDocument> {
  const response = await fetch('/api/v1/openapi.json');
  if (!response.ok) throw new Error(`The API description could not be loaded (${response.status}).`);
  return (await response.json()) as OpenApiDocument;
}

/** An object's fields, nested objects indented (at most three levels). */
function Fields({ doc, schema, depth = 0 }: { doc: OpenApiDocument; schema: JsonSchema; depth?: number }) {
  const object = objectOf(doc, schema);
  if (!object?.properties || depth > 2) return null;
  const required = new Set(object.required ?? []);
  return (
    <ul className={depth > 0 ? 'ml-4 border-l pl-3' : ''}>
      {Object.entries(object.properties).map(([name, property]) => (
        <li key={name} className="py-0.5">
          <code className="text-xs font-semibold">{name}</code>{' '}
          <span className="text-xs text-muted-foreground">
            {typeOf(doc, property)}
            {!required.has(name) && ', optional'}
          </span>
          <Fields doc={doc} schema={property} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}

function Endpoint(props: {
  doc: OpenApiDocument;
  method: string;
  path: string;
  operation: Operation;
  apiKey: string;
}) {
  const { doc, method, path, operation } = props;
  const base = doc.servers?.[0]?.url ?? '/api/v1';
  const curl = curlExample(window.location.origin, base, path, operation, props.apiKey || PLACEHOLDER);
  const ok = operation.responses['200']?.content?.['application/json']?.schema;
  const errors = Object.entries(operation.responses).filter(([status]) => status !== '200');
  const id = `endpoint-${method}-${path.replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id} className="flex flex-wrap items-center gap-2 font-mono text-base">
          <span className="rounded bg-primary px-1.5 py-0.5 text-xs text-primary-foreground">
            {method.toUpperCase()}
          </span>
          {base}
          {path}
        </CardTitle>
        {operation.summary && <CardDescription>{operation.summary}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        {operation.parameters && operation.parameters.length > 0 && (
          <div
            className="overflow-x-auto"
            role="region"
            aria-label={`Parameters of ${method.toUpperCase()} ${path}`}
            tabIndex={0}
          >
            <table className="w-full">
              <caption className="mb-1 text-left font-medium">Parameters</caption>
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="pr-4 font-medium">Name</th>
                  <th className="pr-4 font-medium">In</th>
                  <th className="pr-4 font-medium">Values</th>
                  <th className="font-medium">Default</th>
                </tr>
              </thead>
              <tbody>
                {operation.parameters.map((parameter) => (
                  <tr key={parameter.name} className="border-t align-top">
                    <td className="py-1 pr-4">
                      <code>{parameter.name}</code>
                      {parameter.required && ' (required)'}
                    </td>
                    <td className="py-1 pr-4">{parameter.in}</td>
                    <td className="py-1 pr-4">
                      {parameter.schema ? typeOf(doc, parameter.schema) : 'string'}
                      {parameter.description && (
                        <span className="block text-muted-foreground">{parameter.description}</span>
                      )}
                    </td>
                    <td className="py-1">
                      {parameter.schema?.default === undefined ? '—' : String(parameter.schema.default)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="flex flex-col gap-2">
          <p className="font-medium">Example</p>
          <pre
            className="whitespace-pre-wrap break-all rounded-md bg-muted p-3 text-xs"
            data-testid="curl-example"
          >
            <code>{curl}</code>
          </pre>
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => void copyToClipboard(curl)}
            aria-label={`Copy the curl example for ${method.toUpperCase()} ${path}`}
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
        {ok && (
          <details>
            <summary className="cursor-pointer font-medium">Response fields (200)</summary>
            <div className="mt-2">
              <Fields doc={doc} schema={ok} />
            </div>
          </details>
        )}
        {errors.length > 0 && (
          <p className="text-muted-foreground">
            Errors:{' '}
            {errors.map(([status, response], index) => (
              <span key={status}>
                {index > 0 && '; '}
                <code>{status}</code> {response.description}
              </span>
            ))}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** Who may call the API, and where to get a key. */
function Access() {
  const { user, isPremium } = useSession();
  if (!user)
    return (
      <p>
        The API is for Premium members.{' '}
        <Link to="/auth" className="text-primary underline">
          Sign in
        </Link>{' '}
        or see{' '}
        <Link to="/membership" className="text-primary underline">
          Premium
        </Link>
        .
      </p>
    );
  if (!isPremium)
    return (
      <p>
        API access comes with Premium.{' '}
        <Link to="/membership" className="text-primary underline">
          Upgrade to Premium
        </Link>{' '}
        to create keys.
      </p>
    );
  return (
    <p>
      Create and revoke your keys in{' '}
      <Link to="/settings?tab=account" className="text-primary underline">
        Settings → Account
      </Link>
      . A key is shown once, when it is created.
    </p>
  );
}

/** /api: the Developer API reference, read from our own /api/v1/openapi.json. */
export function ApiReference() {
  const doc = useQuery({ queryKey: ['developer', 'openapi'], queryFn: fetchDocument, staleTime: Infinity });
  const [apiKey, setApiKey] = useState(recentApiKey);
  const origin = window.location.origin;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Getting started</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm leading-6">
          <Access />
          <p>
            Send the key in the <code>Authorization</code> header as <code>Bearer &lt;key&gt;</code> to{' '}
            <code>{origin}/api/v1</code>. Every endpoint is read-only and answers JSON. Each key may make 60
            requests a minute: the <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and{' '}
            <code>RateLimit-Reset</code> headers say where you stand, and over the limit the answer is{' '}
            <code>429</code> with <code>Retry-After</code>. Errors are{' '}
            <code>{'{ "error": { "code", "message" } }'}</code>.
          </p>
          <p>
            The machine-readable description (OpenAPI 3.1):{' '}
            <a href="/api/v1/openapi.json" className="text-primary underline">
              /api/v1/openapi.json
            </a>
            .
          </p>
          <div className="max-w-md">
            <Field
              id="api-reference-key"
              label="Your API key (for the examples)"
              placeholder={PLACEHOLDER}
              autoComplete="off"
              spellCheck={false}
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value.trim())}
              hint="Only used on this page, to fill in the curl examples; never sent anywhere."
            />
          </div>
        </CardContent>
      </Card>
      {doc.isPending ? (
        <Spinner label="Loading the reference..." />
      ) : doc.isError ? (
        <FormAlert>{doc.error.message}</FormAlert>
      ) : (
        <section aria-label="Endpoints" className="flex flex-col gap-4">
          {Object.entries(doc.data.paths).flatMap(([path, methods]) =>
            Object.entries(methods).map(([method, operation]) => (
              <Endpoint
                key={`${method} ${path}`}
                doc={doc.data}
                method={method}
                path={path}
                operation={operation}
                apiKey={apiKey}
              />
            )),
          )}
        </section>
      )}
    </div>
  );
}
