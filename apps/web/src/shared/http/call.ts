import { pathOf, type Endpoint, type EndpointData, type EndpointInput } from '@canteen/contract';
import { api, type CallOptions } from './client';

/**
 * Calls a contract endpoint through the one HTTP client: the path, method and the shapes of
 * the request and the answer come from the declaration the server serves.
 */
export function call<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, options: CallOptions = {}): Promise<EndpointData<E>> {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const url = pathOf(endpoint.path, params);
  const config: CallOptions = query ? { ...options, params: { ...options.params as object, ...query } } : options;
  // A raw endpoint answers without the envelope: the whole body is the answer.
  if (endpoint.raw) return api.envelope<never>({ ...config, method: endpoint.method, url, data: body }) as Promise<EndpointData<E>>;
  switch (endpoint.method) {
    case 'GET':
      return api.get<EndpointData<E>>(url, config);
    case 'DELETE':
      return api.delete<EndpointData<E>>(url, body === undefined ? config : { ...config, data: body });
    case 'POST':
      return api.post<EndpointData<E>>(url, body, config);
    case 'PUT':
      return api.put<EndpointData<E>>(url, body, config);
  }
}
