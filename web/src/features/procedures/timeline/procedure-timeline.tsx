import {
  PHASE_SECTION_TITLES,
  scheduleBaseDate,
  type PatientDetailDto,
  type ProcedureCategory,
  type ProcedureType,
} from '@bari/contracts';
import { Callout, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useMemo, useState } from 'react';
import { proceduresMessages as m } from '../messages.ts';
import { AddProcedureDialog } from './add-procedure-dialog.tsx';
import { CategorySection } from './category-section.tsx';
import { MarkAllLabsButton } from './mark-all-labs-button.tsx';
import { buildTimeline, initiallyOpenCategories } from './timeline-model.ts';
import { useAddProcedure } from './use-add-procedure.ts';
import './procedure-timeline.css';
import { Heading } from '../../../common/heading.tsx';

export interface ProcedureTimelineProps {
  patient: PatientDetailDto;
  types: readonly ProcedureType[];
  /**
   * A category to open, once per object: where 'Registrar Procedimento' just recorded one (a
   * folded category left the nurse without a sight of it).
   */
  reveal?: { readonly category: ProcedureCategory } | null;
}

/** The left two-thirds of the patient page (§2): pre-operative then post-operative categories. */
export function ProcedureTimeline({ patient, types, reveal }: ProcedureTimelineProps) {
  const timeline = useMemo(() => buildTimeline(patient.procedures), [patient.procedures]);
  // Opened at first from the patient's state; afterwards only the user folds or opens them (or
  // an add reveals where it landed): later changes must not fold up what the user opened.
  const [open, setOpen] = useState<ReadonlySet<ProcedureCategory>>(() =>
    initiallyOpenCategories(timeline, patient.status),
  );
  const setCategoryOpen = (category: ProcedureCategory, isOpen: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (isOpen) next.add(category);
      else next.delete(category);
      return next;
    });
  // A new reveal opens its category, during the render (React's way to follow a prop).
  const [revealSeen, setRevealSeen] = useState(reveal);
  if (reveal !== revealSeen) {
    setRevealSeen(reveal);
    if (reveal && !open.has(reveal.category)) setOpen(new Set([...open, reveal.category]));
  }
  const [adding, setAdding] = useState<ProcedureCategory | null>(null);
  const { addProcedure, isAdding } = useAddProcedure(patient.id, types);
  const baseDate = scheduleBaseDate(patient);

  return (
    <div className="procedure-timeline">
      {timeline.map(({ phase, categories }) => (
        <section aria-label={PHASE_SECTION_TITLES[phase]} className="procedure-timeline__phase" key={phase}>
          <Heading level={2} look={4} className="procedure-timeline__phase-title">
            {PHASE_SECTION_TITLES[phase]}
          </Heading>
          {phase === 'post_operative' && patient.surgeryDate === null ? (
            <Callout
              className="procedure-timeline__notice"
              icon={IconNames.INFO_SIGN}
              intent={Intent.PRIMARY}
              compact
            >
              {m.postOpWithoutSurgery}
            </Callout>
          ) : null}
          {categories.map((category) => (
            <CategorySection
              actions={
                category.category === 'pre_op_lab' ? (
                  <MarkAllLabsButton
                    patientId={patient.id}
                    pending={category.pending}
                    surgeryDate={patient.surgeryDate}
                  />
                ) : undefined
              }
              baseDate={baseDate}
              category={category}
              key={category.category}
              onAdd={() => setAdding(category.category)}
              onToggle={() => setCategoryOpen(category.category, !open.has(category.category))}
              open={open.has(category.category)}
              surgeryDate={patient.surgeryDate}
            />
          ))}
        </section>
      ))}
      {adding ? (
        <AddProcedureDialog
          category={adding}
          isAdding={isAdding}
          onAdd={async (name) => {
            const outcome = await addProcedure(adding, name);
            // Show the new procedure where it was added.
            if (outcome.added) setCategoryOpen(adding, true);
            return outcome;
          }}
          onClose={() => setAdding(null)}
        />
      ) : null}
    </div>
  );
}
