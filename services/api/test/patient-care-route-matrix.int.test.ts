import { patientForm, validCpf as cpf } from '@bari/contracts/testing';
import { DELETION, register } from './support/patient-requests.ts';
import {
  administrators,
  approvedStaff,
  describeRouteMatrix,
  useMatrixApp,
  withMiscasedPaths,
  type RouteCase,
} from './support/route-matrix.ts';

/**
 * Every patient-care `/api` route × signed out / pending / rejected / approved / admin: the
 * status each gets, and that a refusal writes nothing. (The identity routes have their own
 * matrix in identity-route-matrix.int.test.ts.)
 */
const matrix = useMatrixApp();
let nextCpf = 310_000_000;
let nextType = 0;

interface PatientBody {
  readonly id: string;
  /** Sent back on PATCH and DELETE, which require it (428 without). */
  readonly version: number;
  readonly procedures: readonly { id: string; procedureType: { category: string } }[];
}

/** A fresh patient (its own CPF), registered by the administrator. */
async function newPatient(): Promise<PatientBody> {
  const response = await register(matrix.admin().client, patientForm({ cpf: cpf((nextCpf += 1)) }));
  return response.body as PatientBody;
}

/** A fresh optional procedure type, defined by the administrator. */
async function newOptionalType(): Promise<string> {
  const response = await matrix.admin().client.post('/api/procedure-types', {
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
      return { method: 'DELETE', path: `/api/patients/${id}?version=${version}`, body: DELETION };
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

describeRouteMatrix(matrix, withMiscasedPaths(routes));
