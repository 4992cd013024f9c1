// The analysis index over the reference files packages/db ships (the same data the database is seeded from, with the
// same city nicknames), built once per process.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildAnalysisIndex, type AnalysisBrandRecord, type AnalysisIndex } from '@autoradar/core/analysis/index';
import { citySynonyms, referenceDataDir } from '@autoradar/db/seed/reference';

interface CityFile {
  city: string;
  population?: number;
}

let cached: AnalysisIndex | null = null;

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(referenceDataDir, file), 'utf8')) as T;
}

export function loadAnalysisIndex(): AnalysisIndex {
  if (cached) return cached;
  const cities = readJson<CityFile[]>('cities.json').map((city) => ({
    city: city.city,
    population: city.population ?? 0,
    synonyms: citySynonyms(city.city),
  }));
  cached = buildAnalysisIndex({
    carBrands: readJson<AnalysisBrandRecord[]>('car-brands.json'),
    motoBrands: readJson<AnalysisBrandRecord[]>('moto-brands.json'),
    cities,
  });
  return cached;
}
