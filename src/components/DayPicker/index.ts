export { DayPicker, monthGrid, type DayPickerProps } from './DayPicker';
