"""The rules checklists (and the project rulings) the web table quotes by rule ID."""
