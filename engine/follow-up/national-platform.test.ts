import { describe, expect, it } from 'vitest';
import {
  actId,
  actPk,
  actTypeCode,
  compareExportWithFeedback,
  exportRow,
  feedbackCounts,
  matchFeedback,
  parseFeedback,
  type KnownAct,
} from './national-platform';

describe('act ids and act types (reference 9.5)', () => {
  it('names an action <platform>.fac.action.<pk> and reads it back', () => {
    expect(actId(42)).toBe('renovation.fac.action.42');
    expect(actId(7, 'Demo')).toBe('demo.fac.action.7');
    expect(actPk(' RENOVATION.fac.action.42 ')).toBe(42);
    expect(actPk('autre.fac.action.42')).toBeNull();
    expect(actPk('renovation.fac.action.0')).toBeNull();
    expect(actPk('renovation.fac.action.4x')).toBeNull();
  });

  it('codes the act type from the model name, other models are not acts', () => {
    expect(actTypeCode('A1 - Information de premier niveau')).toBe('A01');
    expect(actTypeCode('A4 bis - Accompagnement et suivi des travaux')).toBe('A4b');
    expect(actTypeCode('B2 - Conseil personnalisé aux entreprises')).toBe('B02');
    expect(actTypeCode('A12 - Un acte futur')).toBe('A12');
    expect(actTypeCode('Commentaire')).toBeNull();
    expect(actTypeCode('Projet terminé')).toBeNull();
  });

  it('writes a row: minutes from hours, constant unit, truncations, update day', () => {
    const row = exportRow({
      pk: 5,
      structure: 'Espace Conseil Démo',
      advisor: 'Claire Conseil',
      actType: 'A02',
      date: '2020-03-04',
      duration: 1.5,
      lastName: 'Martin',
      firstName: 'Luc',
      organization: '',
      email: 'luc@example.org',
      phone: '+33 6 12 34 56 78 90 12 34',
      zipcode: '38000-X',
      town: 'Grenoble',
      address: '1 rue A',
      updatedAt: '2020-03-05T10:00:00.000Z',
    });
    expect(row).toEqual([
      'renovation.fac.action.5',
      'Espace Conseil Démo',
      'Claire Conseil',
      'A02',
      '2020-03-04',
      '90',
      'M',
      'Martin',
      'Luc',
      '',
      'luc@example.org',
      '+33 6 12 34 56 78 90',
      '38000',
      'Grenoble',
      '1 rue A',
      '2020-03-05',
    ]);
  });
});

describe('feedback file', () => {
  const headers = ["Identifiant unique de l'acte", 'Type Acte', 'Statut', 'Motif'];

  it('reads outcomes written in several ways, with reasons', () => {
    const { lines, problems } = parseFeedback(headers, [
      { line: 2, cells: ['renovation.fac.action.10', 'A01', 'ERREUR', 'Code postal absent'] },
      { line: 3, cells: ['renovation.fac.action.11', 'A02', 'Rejeté', 'Doublon'] },
      { line: 5, cells: ['renovation.fac.action.12', '', 'accepté'] },
    ]);
    expect(problems).toEqual([]);
    expect(lines.map((l) => [l.line, l.pk, l.outcome, l.reason, l.actType])).toEqual([
      [2, 10, 'error', 'Code postal absent', 'A01'],
      [3, 11, 'rejected', 'Doublon', 'A02'],
      [5, 12, 'accepted', '', ''],
    ]);
  });

  it('accepts other spellings of the headers', () => {
    const { problems } = parseFeedback(
      ['IDENTIFIANT', 'résultat'],
      [{ line: 2, cells: ['renovation.fac.action.1', 'REJET'] }],
    );
    expect(problems).toEqual([]);
  });

  it('reports every bad line with its number and keeps no line', () => {
    const { lines, problems } = parseFeedback(headers, [
      { line: 2, cells: ['renovation.fac.action.10', 'A01', 'ERREUR', ''] },
      { line: 3, cells: ['autre.fac.action.3', 'A01', 'ERREUR', ''] },
      { line: 4, cells: ['renovation.fac.action.10', 'A01', 'REJETE', ''] },
      { line: 5, cells: ['renovation.fac.action.13', 'A01', 'peut-être', ''] },
      { line: 6, cells: ['', 'A01', 'ERREUR', ''] },
    ]);
    expect(lines).toEqual([]);
    expect(problems).toEqual([
      {
        line: 3,
        message: "Identifiant d'acte « autre.fac.action.3 » invalide : attendu « renovation.fac.action.<numéro> ».",
      },
      { line: 4, message: "L'acte « renovation.fac.action.10 » figure déjà ligne 2." },
      { line: 5, message: 'Statut « peut-être » inconnu : attendu ACCEPTE, ERREUR ou REJETE.' },
      { line: 6, message: "Identifiant de l'acte vide." },
    ]);
  });

  it('refuses a file without its columns or without lines', () => {
    expect(parseFeedback(['Nom', 'Statut'], []).problems).toEqual([
      { line: 1, message: "Colonne « Identifiant unique de l'acte » absente de la ligne d'en-tête." },
    ]);
    expect(parseFeedback(headers, []).problems).toEqual([
      { line: null, message: 'Le fichier ne contient aucune ligne de retour.' },
    ]);
  });
});

describe('matching and comparison', () => {
  const known = new Map<number, KnownAct>([
    [10, { pk: 10, folder: 100, owningGroup: 1, actType: 'A01' }],
    [11, { pk: 11, folder: 101, owningGroup: 1, actType: 'A02' }],
    [20, { pk: 20, folder: 200, owningGroup: 2, actType: 'A01' }],
  ]);
  const line = (l: number, pk: number, outcome: 'error' | 'rejected' | 'accepted') => ({
    line: l,
    actId: actId(pk),
    pk,
    outcome,
    reason: '',
    actType: '',
  });

  it('links each line to its action and folder; a deleted act stays unmatched', () => {
    const { lines, problems } = matchFeedback(
      [line(2, 10, 'error'), line(3, 11, 'rejected'), line(4, 99, 'error')],
      known,
      1,
    );
    expect(problems).toEqual([]);
    expect(lines.map((l) => [l.action, l.folder, l.actType])).toEqual([
      [10, 100, 'A01'],
      [11, 101, 'A02'],
      [null, null, ''],
    ]);
    expect(feedbackCounts(lines)).toEqual({
      lineCount: 3,
      acceptedCount: 0,
      errorCount: 2,
      rejectionCount: 1,
      unmatchedCount: 1,
    });
  });

  it("refuses a line naming another structure's act", () => {
    const { lines, problems } = matchFeedback([line(2, 10, 'error'), line(3, 20, 'error')], known, 1);
    expect(lines).toEqual([]);
    expect(problems).toEqual([
      { line: 3, message: "L'acte « renovation.fac.action.20 » n'appartient pas à la structure du retour." },
    ]);
  });

  it('counts per act type: exported, errors, rejections, accepted, unknown', () => {
    const exported = [
      { pk: 1, actType: 'A01' },
      { pk: 2, actType: 'A01' },
      { pk: 3, actType: 'A01' },
      { pk: 4, actType: 'A02' },
      { pk: 5, actType: 'A02' },
    ];
    const { rows, total } = compareExportWithFeedback(exported, [
      { action: 1, pk: 1, outcome: 'error', actType: 'A01' },
      { action: 4, pk: 4, outcome: 'rejected', actType: 'A02' },
      // An older file said 2 was in error, the latest accepts it.
      { action: 2, pk: 2, outcome: 'error', actType: 'A01' },
      { action: 2, pk: 2, outcome: 'accepted', actType: 'A01' },
      { action: null, pk: 9, outcome: 'error', actType: 'B01' },
    ]);
    expect(rows).toEqual([
      { actType: 'A01', exported: 3, errors: 1, rejected: 0, accepted: 2, unknown: 0 },
      { actType: 'A02', exported: 2, errors: 0, rejected: 1, accepted: 1, unknown: 0 },
      { actType: 'B01', exported: 0, errors: 0, rejected: 0, accepted: 0, unknown: 1 },
    ]);
    expect(total).toEqual({ actType: 'Total', exported: 5, errors: 1, rejected: 1, accepted: 3, unknown: 1 });
  });
});
