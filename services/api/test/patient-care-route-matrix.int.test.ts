import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAs, type Role, type SignedIn, type TestClient } from './support/http-client.ts';
import { countEvents, startTestApp, type TestApp } from './support/test-app.ts';
import { cpf, patientForm, register } from './patients-fixtures.ts';

/**
 * Every patient-care `/api` route × signed out / pending / rejected / approved / admin: the
 * status each gets, and that a refusal writes nothing. (The identity routes have their own
 * matrix in identity-route-matrix.int.test.ts.)
 */
type Who = 'signedOut' | Role;
const WHO: readonly Who[] = ['signedOut', 'pending', 'rejected', 'approved', 'admin'];

interface Request {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
}

interface RouteCase {
  readonly route: string;
  /** Builds the request; creates what it acts on through the administrator. */
  readonly request: () => Promise<Request>;
  readonly expected: Readonly<Record<Who, number>>;
}

const approvedStaff = (status: number): Record<Who, number> => ({
  signedOut: 401,
  pending: 403,
  rejected: 403,
  approved: status,
  admin: status,
});
const administrators = (status: number): Record<Who, number> => ({ ...approvedStaff(status), approved: 403 });

let app: TestApp;
let admin: SignedIn;
const clients = new Map<Who, TestClient>();
let nextCpf = 310_000_000;
let nextType = 0;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signInAs(app, 'admin');
  clients.set('signedOut', createClient(app.baseUrl));
  for (const role of ['pending', 'rejected', 'approved', 'admin'] as const) {
    clients.set(role, (await signInAs(app, role)).client);
  }
});
afterAll(() => app?.stop());

interface PatientBody {
  readonly id: string;
  /** Sent back on PATCH and DELETE, which require it (428 without). */
  readonly version: number;
  readonly procedures: readonly { id: string; procedureType: { category: string } }[];
}

/** A fresh patient (its own CPF), registered by the administrator. */
async function newPatient(): Promise<PatientBody> {
  const response = await register(admin.client, patientForm({ cpf: cpf((nextCpf += 1)) }));
  return response.body as PatientBody;
}

/** A fresh optional procedure type, defined by the administrator. */
async function newOptionalType(): Promise<string> {
  const response = await admin.client.post('/api/procedure-types', {
    name: `Exame opcional da matriz ${(nextType += 1)}`,
    category: 'pre_op_exam',
    isRequired: false,
  });
  return (response.body as { id: string }).id;
}

const routes: readonly RouteCase[] = [
  {
    route: 'GET /api/patients',
    request: async () => ({ method: 'GET', path: '/api/patients' }),
    expected: approvedStaff(200),
  },
  {
    route: 'POST /api/patients',
    request: async () => ({
      method: 'POST',
      path: '/api/patients',
      body: patientForm({ cpf: cpf((nextCpf += 1)) }),
    }),
    expected: approvedStaff(201),
  },
  {
    route: 'GET /api/patients/:id',
    request: async () => ({ method: 'GET', path: `/api/patients/${(await newPatient()).id}` }),
    expected: approvedStaff(200),
  },
  {
    route: 'PATCH /api/patients/:id',
    request: async () => {
      const { id, version } = await newPatient();
      return { method: 'PATCH', path: `/api/patients/${id}`, body: { name: 'Nome Corrigido', version } };
    },
    expected: approvedStaff(200),
  },
  {
    route: 'DELETE /api/patients/:id',
    request: async () => {
      const { id, version } = await newPatient();
      return { method: 'DELETE', path: `/api/patients/${id}?version=${version}` };
    },
    expected: approvedStaff(204),
  },
  {
    route: 'GET /api/patients/:id/procedures',
    request: async () => ({ method: 'GET', path: `/api/patients/${(await newPatient()).id}/procedures` }),
    expected: approvedStaff(200),
  },
  {
    route: 'POST /api/patients/:id/procedures/complete-pending-labs',
    request: async () => ({
      method: 'POST',
      path: `/api/patients/${(await newPatient()).id}/procedures/complete-pending-labs`,
      body: { completedDate: '2025-01-05' },
    }),
    expected: approvedStaff(200),
  },
  {
    route: 'GET /api/statistics',
    request: async () => ({ method: 'GET', path: '/api/statistics' }),
    expected: approvedStaff(200),
  },
  {
    route: 'GET /api/procedure-types',
    request: async () => ({ method: 'GET', path: '/api/procedure-types' }),
    expected: approvedStaff(200),
  },
  {
    route: 'POST /api/procedure-types',
    request: async () => ({
      method: 'POST',
      path: '/api/procedure-types',
      body: { name: `Tipo da matriz ${(nextType += 1)}`, category: 'pre_op_consultation', isRequired: false },
    }),
    expected: approvedStaff(201),
  },
  {
    route: 'POST /api/procedures',
    request: async () => ({
      method: 'POST',
      path: '/api/procedures',
      body: {
        patientId: (await newPatient()).id,
        procedureTypeId: await newOptionalType(),
        status: 'pending',
      },
    }),
    expected: approvedStaff(201),
  },
  {
    route: 'PATCH /api/procedures/:id',
    request: async () => {
      const lab = (await newPatient()).procedures.find((p) => p.procedureType.category === 'pre_op_lab')!;
      return {
        method: 'PATCH',
        path: `/api/procedures/${lab.id}`,
        body: { status: 'completed', completedDate: '2025-01-05' },
      };
    },
    expected: approvedStaff(200),
  },
  {
    route: 'POST /api/admin/run-migration',
    request: async () => ({ method: 'POST', path: '/api/admin/run-migration' }),
    expected: administrators(200),
  },
  {
    route: 'POST /api/admin/fix-production-data',
    request: async () => ({ method: 'POST', path: '/api/admin/fix-production-data' }),
    expected: administrators(200),
  },
];

async function send(client: TestClient, request: Request) {
  switch (request.method) {
    case 'GET':
      return client.get(request.path);
    case 'POST':
      return client.post(request.path, request.body);
    case 'PATCH':
      return client.patch(request.path, request.body);
    case 'DELETE':
      return client.delete(request.path);
  }
}

describe.each(routes)('$route', ({ request, expected }) => {
  it.each(WHO)('as %s', async (who) => {
    const built = await request();
    const before = await countEvents(app);

    const response = await send(clients.get(who)!, built);

    expect(response.status).toBe(expected[who]);
    if (response.status >= 400) expect(await countEvents(app)).toBe(before);
    if (built.path.startsWith('/api/')) expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
