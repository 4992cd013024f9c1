import type { FastifyInstance } from 'fastify';
import { allEndpoints, contract, generateOpenApi, type OpenApiDocument } from '@autoradar/contract';
import type { Config } from '@autoradar/server/config/config';
import { route } from '../../http/route';
import { escapeHtml } from '@autoradar/server/escape-html';
import { DOCS_MESSAGES } from './docs.messages';

/** A browsable page built from the same document: no CDN, works on a closed network. */
function renderDocsPage(appName: string, doc: OpenApiDocument): string {
  const rows = allEndpoints()
    .map((e) => {
      const op = (doc.paths[e.path.replace(/:(\w+)/g, '{$1}')] as Record<string, unknown> | undefined)?.[
        e.method.toLowerCase()
      ];
      return `<details><summary><code class="m ${e.method}">${e.method}</code> <code>${escapeHtml(e.path)}</code> — ${escapeHtml(e.endpoint.summary)} <small>[${DOCS_MESSAGES.authLabels[e.auth]}${e.server === 'realtime' ? `, ${DOCS_MESSAGES.realtimePort}` : ''}]</small></summary><pre>${escapeHtml(JSON.stringify(op, null, 2))}</pre></details>`;
    })
    .join('\n');
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>API — ${escapeHtml(appName)}</title>
<style>body{font:15px/1.45 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem}summary{cursor:pointer;padding:.35rem 0}pre{background:#f5f5f7;padding:.75rem;overflow:auto;font-size:12px}.m{display:inline-block;min-width:4.2em;font-weight:600}.GET{color:#0a7}.POST{color:#07c}.PUT,.PATCH{color:#c70}.DELETE{color:#c22}small{color:#777}</style></head>
<body><h1>API ${escapeHtml(appName)}</h1><p>${DOCS_MESSAGES.documentLink} <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>. ${DOCS_MESSAGES.errorEnvelope} <code>{ message, errors? }</code>.</p>
${rows}</body></html>`;
}

export interface DocsSettings {
  appName: string;
  appUrl: string;
  env: Config['env'];
  uploadMaxBytes: number;
}

/**
 * The document /api/docs/openapi.json serves: the contract's, with this deployment's address (public, and named by
 * its environment, as OWASP API9 asks) and upload limit. The Spectral test lints exactly this.
 */
export function buildApiDocument(settings: DocsSettings): OpenApiDocument {
  return generateOpenApi(
    contract,
    { title: `${settings.appName} API`, version: '1.0.0' },
    {
      servers: [
        {
          url: settings.appUrl,
          description: settings.env === 'production' ? 'production' : 'local development',
          'x-internal': false,
        },
      ],
      fileMaxBytes: settings.uploadMaxBytes,
    },
  );
}

export function docsRoutes(app: FastifyInstance, deps: DocsSettings): void {
  let doc: OpenApiDocument | undefined;
  const document = () => (doc ??= buildApiDocument(deps));
  route(app, contract.docs.openApi, async () => document() as unknown as Record<string, unknown>);
  // The page follows from the contract and the app's name alone: rendered once, on the first request.
  let page: string | undefined;
  route(app, contract.docs.page, async () => (page ??= renderDocsPage(deps.appName, document())));
}
