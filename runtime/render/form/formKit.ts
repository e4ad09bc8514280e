// What a form needs of Formily beyond its widgets, in one lazily loaded module (loadFormKit).
export { toJS } from '@formily/reactive';
export { createRecordForm } from './createRecordForm';
