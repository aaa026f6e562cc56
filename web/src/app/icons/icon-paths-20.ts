/** 20px SVG paths of the icons the app draws (see app-icons.ts). Generated list; keep it sorted. */
import add from '@blueprintjs/icons/lib/esm/generated/20px/paths/add';
import arrowLeft from '@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-left';
import arrowRight from '@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-right';
import banCircle from '@blueprintjs/icons/lib/esm/generated/20px/paths/ban-circle';
import blockedPerson from '@blueprintjs/icons/lib/esm/generated/20px/paths/blocked-person';
import build from '@blueprintjs/icons/lib/esm/generated/20px/paths/build';
import calendar from '@blueprintjs/icons/lib/esm/generated/20px/paths/calendar';
import chart from '@blueprintjs/icons/lib/esm/generated/20px/paths/chart';
import chevronDown from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-down';
import chevronLeft from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-left';
import chevronRight from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-right';
import chevronUp from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-up';
import clean from '@blueprintjs/icons/lib/esm/generated/20px/paths/clean';
import code from '@blueprintjs/icons/lib/esm/generated/20px/paths/code';
import confirm from '@blueprintjs/icons/lib/esm/generated/20px/paths/confirm';
import cross from '@blueprintjs/icons/lib/esm/generated/20px/paths/cross';
import dashboard from '@blueprintjs/icons/lib/esm/generated/20px/paths/dashboard';
import disable from '@blueprintjs/icons/lib/esm/generated/20px/paths/disable';
import document from '@blueprintjs/icons/lib/esm/generated/20px/paths/document';
import doubleCaretVertical from '@blueprintjs/icons/lib/esm/generated/20px/paths/double-caret-vertical';
import duplicate from '@blueprintjs/icons/lib/esm/generated/20px/paths/duplicate';
import edit from '@blueprintjs/icons/lib/esm/generated/20px/paths/edit';
import envelope from '@blueprintjs/icons/lib/esm/generated/20px/paths/envelope';
import error from '@blueprintjs/icons/lib/esm/generated/20px/paths/error';
import exportIcon from '@blueprintjs/icons/lib/esm/generated/20px/paths/export';
import eyeOff from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-off';
import eyeOpen from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-open';
import floppyDisk from '@blueprintjs/icons/lib/esm/generated/20px/paths/floppy-disk';
import heart from '@blueprintjs/icons/lib/esm/generated/20px/paths/heart';
import history from '@blueprintjs/icons/lib/esm/generated/20px/paths/history';
import home from '@blueprintjs/icons/lib/esm/generated/20px/paths/home';
import infoSign from '@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign';
import key from '@blueprintjs/icons/lib/esm/generated/20px/paths/key';
import labTest from '@blueprintjs/icons/lib/esm/generated/20px/paths/lab-test';
import lock from '@blueprintjs/icons/lib/esm/generated/20px/paths/lock';
import logIn from '@blueprintjs/icons/lib/esm/generated/20px/paths/log-in';
import logOut from '@blueprintjs/icons/lib/esm/generated/20px/paths/log-out';
import mapMarker from '@blueprintjs/icons/lib/esm/generated/20px/paths/map-marker';
import mountain from '@blueprintjs/icons/lib/esm/generated/20px/paths/mountain';
import newPerson from '@blueprintjs/icons/lib/esm/generated/20px/paths/new-person';
import office from '@blueprintjs/icons/lib/esm/generated/20px/paths/office';
import people from '@blueprintjs/icons/lib/esm/generated/20px/paths/people';
import person from '@blueprintjs/icons/lib/esm/generated/20px/paths/person';
import plus from '@blueprintjs/icons/lib/esm/generated/20px/paths/plus';
import power from '@blueprintjs/icons/lib/esm/generated/20px/paths/power';
import print from '@blueprintjs/icons/lib/esm/generated/20px/paths/print';
import pulse from '@blueprintjs/icons/lib/esm/generated/20px/paths/pulse';
import refresh from '@blueprintjs/icons/lib/esm/generated/20px/paths/refresh';
import search from '@blueprintjs/icons/lib/esm/generated/20px/paths/search';
import shield from '@blueprintjs/icons/lib/esm/generated/20px/paths/shield';
import smallCross from '@blueprintjs/icons/lib/esm/generated/20px/paths/small-cross';
import tick from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick';
import tickCircle from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle';
import time from '@blueprintjs/icons/lib/esm/generated/20px/paths/time';
import trash from '@blueprintjs/icons/lib/esm/generated/20px/paths/trash';
import user from '@blueprintjs/icons/lib/esm/generated/20px/paths/user';
import warningSign from '@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign';
import wrench from '@blueprintjs/icons/lib/esm/generated/20px/paths/wrench';

export const iconPaths20: Readonly<Record<string, readonly string[]>> = {
  add,
  'arrow-left': arrowLeft,
  'arrow-right': arrowRight,
  'ban-circle': banCircle,
  'blocked-person': blockedPerson,
  build,
  calendar,
  'chevron-down': chevronDown,
  'chevron-left': chevronLeft,
  'chevron-right': chevronRight,
  'chevron-up': chevronUp,
  clean,
  code,
  chart,
  confirm,
  cross,
  dashboard,
  disable,
  document,
  'double-caret-vertical': doubleCaretVertical,
  duplicate,
  edit,
  envelope,
  error,
  export: exportIcon,
  'eye-off': eyeOff,
  'eye-open': eyeOpen,
  'floppy-disk': floppyDisk,
  heart,
  history,
  home,
  'info-sign': infoSign,
  key,
  'lab-test': labTest,
  lock,
  'log-in': logIn,
  'log-out': logOut,
  'map-marker': mapMarker,
  mountain,
  'new-person': newPerson,
  office,
  people,
  person,
  plus,
  power,
  print,
  pulse,
  refresh,
  search,
  shield,
  'small-cross': smallCross,
  tick,
  'tick-circle': tickCircle,
  time,
  trash,
  user,
  'warning-sign': warningSign,
  wrench,
};
