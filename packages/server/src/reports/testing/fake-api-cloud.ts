import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for api-cloud.ru on 127.0.0.1: the same paths, query parameters and answer shapes (status field,
// dd.mm.yyyy dates, numbers as text), so the real adapter runs unchanged against it.

export type ApiCloudType = 'gibdd' | 'restrict' | 'osago';

export interface FakeApiCloudCall {
  path: string;
  type: string;
  vin: string;
  token: string | null;
}

export interface FakeApiCloud {
  /** The base URL to put in REPORTS_API_URL. */
  url: string;
  token: string;
  calls: FakeApiCloudCall[];
  /** Lookups that answer with the provider's error shape until removed. */
  failing: Set<ApiCloudType>;
  /** Lookups answered with this raw HTTP status and body instead (broken gateways, HTML error pages). */
  raw: Map<ApiCloudType, { http: number; body: string }>;
  /** Holds every answer until the returned function is called (a slow provider). */
  hold(): () => void;
  close(): Promise<void>;
}

export function sampleGibdd(vin: string) {
  return {
    status: 200,
    found: true,
    utilicazia: 0,
    utilicaziainfo: '',
    vehicle: {
      vin,
      bodyNumber: vin,
      engineNumber: '21126 1234567',
      model: 'ЛАДА 217030 ЛАДА ПРИОРА ',
      color: 'СЕРЕБРИСТЫЙ',
      year: '2008',
      engineVolume: '1596.0',
      powerHp: '98.0',
      powerKwt: '72.1',
      category: 'В',
      type: '21',
      typeinfo: 'Легковые автомобили седан',
    },
    vehiclePassport: { number: '63МУ123456', issue: 'ОАО "АВТОВАЗ"' },
    ownershipPeriod: [
      {
        lastOperation: '01',
        lastOperationInfo: 'первичная регистрация',
        simplePersonType: 'Natural',
        simplePersonTypeInfo: 'Физическое лицо',
        from: '01.05.2008',
        to: '12.03.2015',
        period: '6 лет 10 месяцев 11 дней',
      },
      {
        lastOperation: '62',
        lastOperationInfo: 'смена собственника',
        simplePersonType: 'Legal',
        simplePersonTypeInfo: 'Юридическое лицо',
        from: '12.03.2015',
        to: 'null',
        period: '',
      },
    ],
    inquiry: { price: 0.5, speed: 2, attempts: 1 },
  };
}

export function sampleRestrict(vin: string) {
  return {
    status: 200,
    count: 1,
    records: [
      {
        num: 1,
        regname: 'Самарская область',
        osnOgr: 'Документ: 123456/21/63001-ИП от 15.03.2021, СПИ: Иванова И. И.',
        gid: '63#SP123456',
        tsyear: '2008',
        tsVIN: vin,
        dateogr: '15.03.2021',
        ogrkod: '1',
        ogrkodinfo: 'Запрет на регистрационные действия',
        tsmodel: 'ЛАДА 217030',
        divtype: '2',
        divtypeinfo: 'Судебный пристав',
      },
    ],
    inquiry: { price: 0.5, speed: 3, attempts: 1 },
  };
}

export function sampleOsago(vin: string) {
  return {
    status: 200,
    count: 1,
    rez: [
      {
        numberID: '1',
        seria: 'ХХХ',
        nomer: '0123456789',
        orgosago: 'АО "СОГАЗ"',
        status: 'Действует',
        term: 'Период использования ТС активен на запрашиваемую дату',
        brandmodel: 'Lada Priora (категория «B»)',
        regnum: 'а123вс163',
        vin,
        power: '98.00',
        cel: 'Личная',
        ogran: 'Ограничен список лиц, допущенных к управлению',
        insured: 'ИВАНОВ ИВАН ИВАНОВИЧ',
        owner: 'ИВАНОВ ИВАН ИВАНОВИЧ',
        kbm: '0.74',
        region: 'Самарская обл, г Тольятти',
        strahsum: '5 234.50 руб.',
        dateactual: '01.06.2025',
      },
    ],
    inquiry: { price: 0.5, speed: 6, attempts: 1 },
  };
}

const ANSWERS: Record<string, Record<string, (vin: string) => object>> = {
  '/gibdd.php': { gibdd: sampleGibdd, restrict: sampleRestrict },
  '/rsa.php': { osago: sampleOsago },
};

export async function startFakeApiCloud(token = 'test-reports-key'): Promise<FakeApiCloud> {
  const calls: FakeApiCloudCall[] = [];
  const failing = new Set<ApiCloudType>();
  const raw = new Map<ApiCloudType, { http: number; body: string }>();
  let held: Promise<void> | null = null;

  const send = (res: ServerResponse, body: object) => {
    if (res.destroyed) return;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const type = url.searchParams.get('type') ?? '';
      const vin = url.searchParams.get('vin') ?? '';
      calls.push({ path: url.pathname, type, vin, token: url.searchParams.get('token') });
      if (held) await held;
      const answer = ANSWERS[url.pathname]?.[type];
      if (!answer) return send(res, { status: 404, message: 'Неизвестный метод' });
      if (url.searchParams.get('token') !== token) return send(res, { status: 403, message: 'Неверный токен' });
      const rawAnswer = raw.get(type as ApiCloudType);
      if (rawAnswer) {
        res.writeHead(rawAnswer.http, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(rawAnswer.body);
      }
      if (failing.has(type as ApiCloudType))
        return send(res, { status: 503, message: 'Источник данных временно недоступен' });
      send(res, answer(vin));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    calls,
    failing,
    raw,
    hold() {
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
