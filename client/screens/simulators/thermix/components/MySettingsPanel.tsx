import { useState } from 'react';
import { api, ApiError } from '../../../../api/http';
import { notify } from '../../../../shell/notifications';
import { NumberField } from '../../shared/NumberField';
import { useReloadSimulatorSettings, useSimulatorData, type ThermixSettings } from '../../shared/simulator-data';

// The custom carbon tax of the settings is not offered: energy prices already include the carbon
// tax, so counting it again would charge it twice (docs/simulators.md). What is stored stays.
type Draft = Pick<
  ThermixSettings,
  | 'year'
  | 'thermalSolarProdByM2'
  | 'thermalSolarMaxProdRatioHeating'
  | 'thermalSolarMaxProdRatioHotWater'
  | 'hotWaterNeedsByPerson'
  | 'hotWaterAndHeatingConsumptionRatio'
>;

type NumberKey = Exclude<keyof Draft, 'year'>;

const draftOf = (s: ThermixSettings): Draft => ({
  year: s.year,
  thermalSolarProdByM2: s.thermalSolarProdByM2,
  thermalSolarMaxProdRatioHeating: s.thermalSolarMaxProdRatioHeating,
  thermalSolarMaxProdRatioHotWater: s.thermalSolarMaxProdRatioHotWater,
  hotWaterNeedsByPerson: s.hotWaterNeedsByPerson,
  hotWaterAndHeatingConsumptionRatio: s.hotWaterAndHeatingConsumptionRatio,
});

/**
 * The signed-in user's own thermix settings (spec 02 §3), saved with PUT /thermix/settings/: they
 * become this user's defaults in every later simulation and estimation, on any device.
 */
export function MySettingsPanel({ onSaved }: { onSaved: () => void }) {
  const { settings } = useSimulatorData();
  const reload = useReloadSimulatorSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Draft) => (value: number | null) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const incomplete = (Object.keys(draft) as (keyof Draft)[]).filter(
    (k): k is NumberKey => k !== 'year' && draft[k] === null,
  );

  const save = async () => {
    if (busy) return;
    if (incomplete.length > 0) {
      setErrors(Object.fromEntries(incomplete.map((k) => [k, 'Ce champ est obligatoire.'])));
      return;
    }
    setBusy(true);
    try {
      await api('/thermix/settings/', {
        method: 'PUT',
        body: {
          year: draft.year,
          thermalSolarProdByM2: draft.thermalSolarProdByM2,
          thermalSolarMaxProdRatioHeating: draft.thermalSolarMaxProdRatioHeating,
          thermalSolarMaxProdRatioHotWater: draft.thermalSolarMaxProdRatioHotWater,
          hotWaterNeedsByPerson: draft.hotWaterNeedsByPerson,
          hotWaterAndHeatingConsumptionRatio: draft.hotWaterAndHeatingConsumptionRatio,
        },
      });
      setErrors({});
      notify(
        'Vos paramètres du simulateur ont été enregistrés : ils s’appliquent à vos prochaines simulations.',
        'success',
      );
      onSaved();
      reload();
    } catch (e) {
      const err = e as ApiError;
      const byField: Partial<Record<keyof Draft, string>> = {};
      for (const fe of err.errors ?? []) {
        const path = fe.path.replace(/^\//, '');
        const key = path in draft ? (path as keyof Draft) : null;
        if (key) byField[key] ??= fe.message;
      }
      setErrors(byField);
      notify(err.message, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="sim-fieldset">
      <legend>Mes paramètres enregistrés</legend>
      <p className="field-help">
        Ces valeurs deviennent vos valeurs par défaut pour toutes vos simulations.{' '}
        {settings.pk === null && 'Vous utilisez pour l’instant les valeurs par défaut de la plateforme.'}
      </p>
      <div className="sim-grid">
        <NumberField
          label="Année de début de la projection"
          integer
          min={1900}
          max={2200}
          nullable
          value={draft.year}
          onChange={set('year')}
          error={errors.year}
          help="Vide : l’année en cours."
        />
        <NumberField
          label="Production solaire thermique par m² de capteurs"
          unit="kWh/m²/an"
          min={0}
          max={2000}
          value={draft.thermalSolarProdByM2}
          onChange={set('thermalSolarProdByM2')}
          error={errors.thermalSolarProdByM2}
        />
        <NumberField
          label="Besoin d’eau chaude par personne"
          unit="kWh/an"
          min={0}
          max={100000}
          value={draft.hotWaterNeedsByPerson}
          onChange={set('hotWaterNeedsByPerson')}
          error={errors.hotWaterNeedsByPerson}
          help="Sert aux estimations du besoin d’eau chaude."
        />
        <NumberField
          label="Part de la facture due au chauffage et à l’eau chaude"
          unit="%"
          scale={100}
          min={0}
          max={1}
          value={draft.hotWaterAndHeatingConsumptionRatio}
          onChange={set('hotWaterAndHeatingConsumptionRatio')}
          error={errors.hotWaterAndHeatingConsumptionRatio}
          help="Sert à l’estimation à partir des factures."
        />
        <NumberField
          label="Part maximale du chauffage couverte par le solaire"
          unit="%"
          scale={100}
          min={0}
          max={1}
          value={draft.thermalSolarMaxProdRatioHeating}
          onChange={set('thermalSolarMaxProdRatioHeating')}
          error={errors.thermalSolarMaxProdRatioHeating}
          help="Au-delà, le système d’appoint produit le reste du besoin de chauffage."
        />
        <NumberField
          label="Part maximale de l’eau chaude couverte par le solaire"
          unit="%"
          scale={100}
          min={0}
          max={1}
          value={draft.thermalSolarMaxProdRatioHotWater}
          onChange={set('thermalSolarMaxProdRatioHotWater')}
          error={errors.thermalSolarMaxProdRatioHotWater}
          help="Au-delà, le système d’appoint produit le reste du besoin d’eau chaude."
        />
      </div>
      <p>
        <button type="button" className="button button-primary" onClick={save} disabled={busy} aria-busy={busy}>
          {busy ? 'Enregistrement…' : 'Enregistrer mes paramètres'}
        </button>
      </p>
    </fieldset>
  );
}
