// FullCalendar's styles with the app's theme on top, for every calendar of the app.
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import './calendar-theme.css';
