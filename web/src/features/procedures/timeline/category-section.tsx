import { Button, ButtonVariant, Card, Classes, Collapse, Icon, Intent, Size, Tag } from '@blueprintjs/core';
import { IconNames, type IconName } from '@blueprintjs/icons';
import { useId, type ReactNode } from 'react';
import { proceduresMessages as m } from '../messages.ts';
import { ProcedureRow } from './procedure-row.tsx';
import { expectedDate, type TimelineCategory } from './timeline-model.ts';

const categoryIcons: Partial<Record<string, IconName>> = {
  pre_op_exam: IconNames.HEART,
  pre_op_lab: IconNames.LAB_TEST,
  pre_op_consultation: IconNames.PEOPLE,
};

export interface CategorySectionProps {
  category: TimelineCategory;
  /** The base of the post-operative plan (surgery, else admission date). */
  baseDate: string;
  /** Unfolded; the timeline keeps it, so that a procedure just added can be revealed. */
  open: boolean;
  onToggle: () => void;
  onAdd: () => void;
  /** Extra header actions (the lab exams' 'mark all'). */
  actions?: ReactNode;
  /** The patient's surgery date: which side of it each procedure's date must fall on. */
  surgeryDate: string | null;
}

/** One collapsible category of the timeline: its label, completed/total count, actions and procedures. */
export function CategorySection({
  category,
  baseDate,
  open,
  onToggle,
  onAdd,
  actions,
  surgeryDate,
}: CategorySectionProps) {
  const titleId = useId();
  const bodyId = useId();
  const done = category.total > 0 && category.completed === category.total;

  return (
    <Card aria-labelledby={titleId} className="category-section" compact role="region">
      <div className="category-section__header">
        <Button
          alignText="start"
          aria-controls={bodyId}
          aria-expanded={open}
          className="category-section__toggle"
          endIcon={open ? IconNames.CHEVRON_UP : IconNames.CHEVRON_DOWN}
          fill
          icon={categoryIcons[category.category] ?? IconNames.CALENDAR}
          onClick={onToggle}
          variant={ButtonVariant.MINIMAL}
        >
          <span className="category-section__title" id={titleId}>
            {category.label}
          </span>
          {category.overdue > 0 ? (
            <Icon icon={IconNames.WARNING_SIGN} intent={Intent.DANGER} size={12} />
          ) : null}
        </Button>
        <Tag
          aria-label={m.categoryCountLabel(category.completed, category.total)}
          className="category-section__count"
          intent={done ? Intent.SUCCESS : Intent.NONE}
          minimal
          round
        >
          {m.categoryCount(category.completed, category.total)}
        </Tag>
        {actions}
        <Button
          aria-label={m.addToCategory(category.label)}
          icon={IconNames.PLUS}
          onClick={onAdd}
          size={Size.SMALL}
          text={m.add}
          variant={ButtonVariant.MINIMAL}
        />
      </div>
      <Collapse isOpen={open}>
        <div id={bodyId}>
          {category.procedures.length === 0 ? (
            <p className={`category-section__empty ${Classes.TEXT_MUTED}`}>{m.emptyCategory}</p>
          ) : (
            <ul className="category-section__list">
              {category.procedures.map((procedure) => (
                <ProcedureRow
                  expectedDate={expectedDate(procedure, baseDate)}
                  key={procedure.id}
                  procedure={procedure}
                  surgeryDate={surgeryDate}
                />
              ))}
            </ul>
          )}
        </div>
      </Collapse>
    </Card>
  );
}
