import type { LightMyRequestResponse } from 'fastify';
import type { EndpointDefinition, EndpointResponse, EndpointSuccessStatus, ErrorBody } from '@autoradar/contract';

// Answers of app.inject() typed by the contract, so a test reads `readJson(res, contract.posts.get).data.price` with
// the same types a client gets. The route has already checked the answer against that schema (http/route.ts).

/** The JSON body of an answer: the endpoint's success answer, or the one it declares for `status`. */
export function readJson<E extends EndpointDefinition, S extends keyof E['responses'] = EndpointSuccessStatus<E>>(
  res: LightMyRequestResponse,
  _endpoint: E,
  _status?: S,
): EndpointResponse<E, S> {
  return res.json<EndpointResponse<E, S>>();
}

/** The body of a refusal: the one error envelope `{ message, errors? }`. */
export function readError(res: LightMyRequestResponse): ErrorBody {
  return res.json<ErrorBody>();
}
