import type { AuditLogEntryDto } from '@bari/contracts';
import { Button, ButtonVariant, Classes, HTMLTable, NonIdealState, Size, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  actionLabel,
  detailsSummary,
  entityDisplayName,
  entityTypeLabel,
  formatTimestamp,
  patientIdOf,
  type ValueNames,
} from './audit-format.ts';
import { BreakableText } from '../../common/breakable-text.tsx';
import { groupByCommand } from './audit-groups.ts';
import { auditMessages as m } from './messages.ts';

export interface AuditTableProps {
  rows: AuditLogEntryDto[] | undefined;
  /** Names for the ids and codes in a row's values (a user's email, a procedure type's name). */
  names?: ValueNames;
  onOpen: (entry: AuditLogEntryDto) => void;
}

/**
 * A name that breaks where a long one may; a patient's or a procedure's opens the patient's
 * page, whose history stays reachable once the patient is deleted.
 */
function linkedName(name: string, patientId: string | null) {
  return patientId ? (
    <Link title={m.openPatient} to={`/patients/${patientId}`}>
      <BreakableText text={name} />
    </Link>
  ) : (
    <BreakableText text={name} />
  );
}

interface RowProps {
  /** The entry whose time, actor, entity type and address the row shows. */
  entry: AuditLogEntryDto;
  action: string;
  name: ReactNode;
  details: ReactNode;
  className?: string;
}

/** One row of the seven columns: an entry's, or a group's (its first entry's time and actor). */
function Row({ entry, action, name, details, className }: RowProps) {
  return (
    <tr className={className}>
      <td className="audit-table__time">{formatTimestamp(entry.timestamp)}</td>
      <td>{entry.userEmail ? <BreakableText text={entry.userEmail} /> : m.system}</td>
      <td>
        <Tag minimal multiline round>
          {action}
        </Tag>
      </td>
      <td>{entityTypeLabel(entry.entityType)}</td>
      <td>{name}</td>
      <td>{entry.ipAddress ? <BreakableText text={entry.ipAddress} /> : m.none}</td>
      <td className="audit-table__details">{details}</td>
    </tr>
  );
}

interface EntryRowProps {
  entry: AuditLogEntryDto;
  names: ValueNames | undefined;
  onOpen: (entry: AuditLogEntryDto) => void;
  /** One of an opened group's entries. */
  inGroup?: boolean;
}

function EntryRow({ entry, names, onOpen, inGroup = false }: EntryRowProps) {
  const name = entityDisplayName(entry);
  return (
    <Row
      action={actionLabel(entry.action)}
      className={inGroup ? 'audit-table__grouped' : undefined}
      details={
        entry.details ? (
          <Button
            className="audit-table__open"
            onClick={() => onOpen(entry)}
            size={Size.SMALL}
            text={detailsSummary(entry.details, names)}
            variant={ButtonVariant.MINIMAL}
          />
        ) : (
          m.none
        )
      }
      entry={entry}
      name={name ? linkedName(name, patientIdOf(entry)) : m.none}
    />
  );
}

interface GroupRowProps {
  entries: readonly AuditLogEntryDto[];
  open: boolean;
  onToggle: () => void;
}

/** The entries of one command about one patient's procedures, as one row ('Registrar Procedimento (22)'). */
function GroupRow({ entries, open, onToggle }: GroupRowProps) {
  const first = entries[0]!;
  return (
    <Row
      action={m.groupAction(actionLabel(first.action), entries.length)}
      className="audit-table__group"
      details={
        <Button
          aria-expanded={open}
          className="audit-table__open"
          endIcon={open ? IconNames.CHEVRON_UP : IconNames.CHEVRON_DOWN}
          onClick={onToggle}
          size={Size.SMALL}
          text={open ? m.groupHide : m.groupShow(entries.length)}
          variant={ButtonVariant.MINIMAL}
        />
      }
      entry={first}
      name={linkedName(m.groupName(entries.length, first.details?.patientName ?? null), patientIdOf(first))}
    />
  );
}

/**
 * §2: the seven columns with their fallbacks; a row's details open in a dialog. The entries one
 * command wrote about one patient's procedures ('Marcar todos', a surgery date moved) are one
 * row, opened on demand to show each.
 */
export function AuditTable({ rows, names, onOpen }: AuditTableProps) {
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  if (!rows) return <p className={Classes.TEXT_MUTED}>{m.loading}</p>;
  if (rows.length === 0) {
    return <NonIdealState description={m.emptyHint} icon={IconNames.HISTORY} title={m.empty} />;
  }
  const toggle = (id: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  // Seven columns fit the card from 1024 px up, and on paper: long text wraps (emails at '@' and
  // '.'), the date above its time; nothing is cut nor scrolls sideways.
  return (
    <div className="audit-table-scroll">
      <HTMLTable className="audit-table" compact striped>
        <colgroup>
          {Object.keys(m.columns).map((column) => (
            <col className={`audit-table__col-${column}`} key={column} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {Object.values(m.columns).map((column) => (
              <th key={column}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groupByCommand(rows).map((row) =>
            row.kind === 'entry' ? (
              <EntryRow entry={row.entry} key={row.entry.id} names={names} onOpen={onOpen} />
            ) : (
              <Fragment key={row.id}>
                <GroupRow entries={row.entries} onToggle={() => toggle(row.id)} open={opened.has(row.id)} />
                {opened.has(row.id)
                  ? row.entries.map((entry) => (
                      <EntryRow entry={entry} inGroup key={entry.id} names={names} onOpen={onOpen} />
                    ))
                  : null}
              </Fragment>
            ),
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}
