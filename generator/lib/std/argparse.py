"""Command-line parsing: the common subset of CPython 3.11's argparse, with its help
text layout (for an 80-column terminal, as CPython uses when output is not a
terminal), its usage line and its error messages.

Supported: positional and optional arguments; actions store, store_const, store_true,
store_false, append, append_const, count, help and version; nargs None, '?', '*', '+'
and N; type, choices, default, required, help (with %(default)s etc.), metavar, dest;
`--opt=value`, `-xVALUE`, combined short flags, unique prefixes of long options, `--`;
argument groups; set_defaults, get_default, parse_known_args, ArgumentTypeError.
Mutually exclusive groups accept their arguments but do not check exclusivity, and
there are no subparsers, FileType or intermixed parsing.
"""
import sys as _sys
import textwrap as _textwrap

__all__ = ['ArgumentParser', 'ArgumentError', 'ArgumentTypeError', 'Namespace', 'Action',
           'HelpFormatter', 'SUPPRESS', 'OPTIONAL', 'ZERO_OR_MORE', 'ONE_OR_MORE']

SUPPRESS = '==SUPPRESS=='
OPTIONAL = '?'
ZERO_OR_MORE = '*'
ONE_OR_MORE = '+'
_WIDTH = 78            # shutil.get_terminal_size() falls back to 80 columns, minus 2
_MAX_HELP_POSITION = 24


class ArgumentError(Exception):
    def __init__(self, argument, message):
        self.argument_name = _argument_name(argument)
        self.message = message

    def __str__(self):
        if self.argument_name is None:
            return self.message
        return 'argument %s: %s' % (self.argument_name, self.message)


class ArgumentTypeError(Exception):
    pass


class Namespace:
    """Simple object for storing attributes."""

    def __init__(self, **kwargs):
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __repr__(self):
        parts = ['%s=%r' % (k, v) if k.isidentifier() else '**%r' % {k: v}
                 for k, v in vars(self).items()]
        return 'Namespace(%s)' % ', '.join(parts)

    def __eq__(self, other):
        if not isinstance(other, Namespace):
            return NotImplemented
        return vars(self) == vars(other)

    def __contains__(self, key):
        return key in self.__dict__


def _argument_name(action):
    if action is None:
        return None
    if action.option_strings:
        return '/'.join(action.option_strings)
    if action.metavar not in (None, SUPPRESS):
        return action.metavar
    if action.dest not in (None, SUPPRESS):
        return action.dest
    if action.choices:
        return '{' + ','.join(action.choices) + '}'
    return None


class Action:
    """One argument: its option strings, destination, arity and conversion."""

    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None, kind='store', version=None):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar
        self.kind = kind
        self.version = version

    def takes_values(self):
        return self.kind in ('store', 'append')

    def __repr__(self):
        names = ['option_strings', 'dest', 'nargs', 'const', 'default', 'type', 'choices',
                 'required', 'help', 'metavar']
        kind = {'store': '_StoreAction', 'store_const': '_StoreConstAction', 'store_true': '_StoreTrueAction',
                'store_false': '_StoreFalseAction', 'append': '_AppendAction',
                'append_const': '_AppendConstAction', 'count': '_CountAction', 'help': '_HelpAction',
                'version': '_VersionAction'}[self.kind]
        return '%s(%s)' % (kind, ', '.join('%s=%r' % (n, getattr(self, n)) for n in names))


class _Group:
    def __init__(self, parser, title=None, description=None):
        self._parser = parser
        self.title = title
        self.description = description
        self._group_actions = []

    def add_argument(self, *args, **kwargs):
        action = self._parser.add_argument(*args, _group=self, **kwargs)
        return action


class HelpFormatter:
    """Lays out usage and help as CPython's default HelpFormatter does."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        self._prog = prog
        self._width = _WIDTH if width is None else width
        self._max_help_position = min(max_help_position, max(self._width - 20, indent_increment * 2))

    # usage ------------------------------------------------------------------------

    def _metavar(self, action, default):
        if action.metavar is not None:
            return action.metavar
        if action.choices is not None:
            return '{%s}' % ','.join(map(str, action.choices))
        return default

    def _format_args(self, action, default):
        m = self._metavar(action, default)
        n = action.nargs
        if n is None:
            return m
        if n == OPTIONAL:
            return '[%s]' % m
        if n == ZERO_OR_MORE:
            return '[%s ...]' % m
        if n == ONE_OR_MORE:
            return '%s [%s ...]' % (m, m)
        return ' '.join([m] * n)

    def _usage_part(self, action):
        if action.option_strings:
            part = action.option_strings[0]
            if action.takes_values() and action.nargs != 0:
                part += ' ' + self._format_args(action, action.dest.upper())
            return part if action.required else '[%s]' % part
        part = self._format_args(action, action.dest)
        return part

    def format_usage(self, actions, prefix='usage: '):
        prog = self._prog
        shown = [a for a in actions if a.help is not SUPPRESS]
        opt_parts = [self._usage_part(a) for a in shown if a.option_strings]
        pos_parts = [self._usage_part(a) for a in shown if not a.option_strings]
        usage = ' '.join([s for s in [prog] + opt_parts + pos_parts if s])
        text_width = self._width
        if len(prefix) + len(usage) > text_width:
            def lines_of(parts, indent, first_prefix=None):
                lines = []
                line = []
                line_len = len(first_prefix) - 1 if first_prefix is not None else len(indent) - 1
                for part in parts:
                    if line_len + 1 + len(part) > text_width and line:
                        lines.append(indent + ' '.join(line))
                        line = []
                        line_len = len(indent) - 1
                    line.append(part)
                    line_len += len(part) + 1
                if line:
                    lines.append(indent + ' '.join(line))
                if first_prefix is not None:
                    lines[0] = lines[0][len(indent):]
                return lines

            if len(prefix) + len(prog) <= 0.75 * text_width:
                indent = ' ' * (len(prefix) + len(prog) + 1)
                if opt_parts:
                    lines = lines_of([prog] + opt_parts, indent, prefix)
                    lines.extend(lines_of(pos_parts, indent))
                elif pos_parts:
                    lines = lines_of([prog] + pos_parts, indent, prefix)
                else:
                    lines = [prog]
            else:
                indent = ' ' * len(prefix)
                lines = lines_of(opt_parts + pos_parts, indent)
                if len(lines) > 1:
                    lines = lines_of(opt_parts, indent)
                    lines.extend(lines_of(pos_parts, indent))
                lines = [prog] + lines
            usage = '\n'.join(lines)
        return '%s%s\n' % (prefix, usage)

    # help -------------------------------------------------------------------------

    def _invocation(self, action):
        if not action.option_strings:
            return self._metavar(action, action.dest)
        if not action.takes_values() or action.nargs == 0:
            return ', '.join(action.option_strings)
        args = self._format_args(action, action.dest.upper())
        return ', '.join('%s %s' % (o, args) for o in action.option_strings)

    def _expand_help(self, action):
        params = dict(vars(action), prog=self._prog)
        for name in list(params):
            if params[name] is SUPPRESS:
                del params[name]
        for name in list(params):
            if hasattr(params[name], '__name__'):
                params[name] = params[name].__name__
        if params.get('choices') is not None:
            params['choices'] = ', '.join([str(c) for c in params['choices']])
        return action.help % params

    def _split(self, text, width):
        return _textwrap.wrap(' '.join(text.split()), width)

    def _fill(self, text, indent):
        text = ' '.join(text.split())
        return _textwrap.fill(text, self._width - len(indent), initial_indent=indent,
                              subsequent_indent=indent)

    def format_help(self, parser):
        actions = parser._actions
        out = [self.format_usage(actions)]
        if parser.description:
            out.append(self._fill(parser.description, '') + '\n')
        shown = [a for a in actions if a.help is not SUPPRESS]
        longest = max([len(self._invocation(a)) + 2 for a in shown] or [0])
        help_position = min(longest + 2, self._max_help_position)
        help_width = max(self._width - help_position, 11)
        action_width = help_position - 2 - 2
        for group in parser._groups:
            items = [a for a in group._group_actions if a.help is not SUPPRESS]
            if not items and not group.description:
                continue
            section = [group.title + ':\n'] if group.title else []
            if group.description:
                section.append(self._fill(group.description, '  ') + '\n\n')
            for a in items:
                header = self._invocation(a)
                if not a.help:
                    section.append('  %s\n' % header)
                    continue
                if len(header) <= action_width:
                    line = '  %-*s  ' % (action_width, header)
                    first_indent = 0
                else:
                    line = '  %s\n' % header
                    first_indent = help_position
                lines = self._split(self._expand_help(a), help_width) if a.help.strip() else []
                if lines:
                    line += '%*s%s\n' % (first_indent, '', lines[0])
                    for rest in lines[1:]:
                        line += '%*s%s\n' % (help_position, '', rest)
                elif not line.endswith('\n'):
                    line += '\n'
                section.append(line)
            out.append(''.join(section))
        if parser.epilog:
            out.append(self._fill(parser.epilog, '') + '\n')
        text = '\n'.join(s.rstrip('\n') + '\n' for s in out if s.strip())
        return text.strip('\n') + '\n'


class ArgumentParser:
    """Parses a list of strings into a Namespace of argument values."""

    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=(),
                 formatter_class=HelpFormatter, prefix_chars='-', fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler='error', add_help=True, allow_abbrev=True,
                 exit_on_error=True):
        if prog is None:
            import os.path
            prog = os.path.basename(_sys.argv[0]) if _sys.argv and _sys.argv[0] else 'prog'
        self.prog = prog
        self.usage = usage
        self.description = description
        self.epilog = epilog
        self.formatter_class = formatter_class
        self.argument_default = argument_default
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error
        self._actions = []
        self._defaults = {}
        self._positionals = _Group(self, 'positional arguments')
        self._optionals = _Group(self, 'options')
        self._groups = [self._positionals, self._optionals]
        if add_help:
            self.add_argument('-h', '--help', action='help', default=SUPPRESS,
                              help='show this help message and exit')
        for parent in parents:
            for a in parent._actions:
                if a.kind != 'help':
                    self._add_action(a, None)
            self._defaults.update(parent._defaults)

    # building ---------------------------------------------------------------------

    def add_argument_group(self, title=None, description=None):
        group = _Group(self, title, description)
        self._groups.append(group)
        return group

    def add_mutually_exclusive_group(self, required=False):
        return _Group(self)

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for a in self._actions:
            if a.dest in kwargs:
                a.default = kwargs[a.dest]

    def get_default(self, dest):
        for a in self._actions:
            if a.dest == dest and a.default is not None:
                return a.default
        return self._defaults.get(dest, None)

    def add_argument(self, *names, _group=None, **kwargs):
        action = kwargs.pop('action', 'store')
        if not isinstance(action, str) or action not in (
                'store', 'store_const', 'store_true', 'store_false', 'append', 'append_const',
                'count', 'help', 'version'):
            raise ValueError('unknown action "%s"' % (action,))
        if not names or (len(names) == 1 and not names[0].startswith('-')):
            if 'dest' in kwargs:
                raise ValueError('dest supplied twice for positional argument')
            options, dest = [], names[0] if names else None
            if dest is None:
                raise TypeError("add_argument() missing 1 required positional argument: 'dest'")
            nargs = kwargs.get('nargs')
            kwargs['required'] = nargs not in (OPTIONAL, ZERO_OR_MORE)
        else:
            for n in names:
                if not n.startswith('-'):
                    raise ValueError("invalid option string %r: must start with a character '-'" % n)
            options = list(names)
            dest = kwargs.pop('dest', None)
            if dest is None:
                longs = [o for o in options if o.startswith('--')]
                dest = (longs[0] if longs else options[0]).lstrip('-').replace('-', '_')
        if action == 'version':
            kwargs.setdefault('default', SUPPRESS)
            kwargs.setdefault('help', "show program's version number and exit")
        defaults = {'store_true': False, 'store_false': True}
        default = kwargs.pop('default', self._defaults.get(dest, defaults.get(action, self.argument_default)))
        if action == 'store_true':
            kwargs.setdefault('const', True)
        elif action == 'store_false':
            kwargs.setdefault('const', False)
        if action in ('store_true', 'store_false', 'store_const', 'append_const', 'count', 'help', 'version'):
            kwargs['nargs'] = 0
        a = Action(options, dest, nargs=kwargs.pop('nargs', None), const=kwargs.pop('const', None),
                   default=default, type=kwargs.pop('type', None), choices=kwargs.pop('choices', None),
                   required=kwargs.pop('required', False), help=kwargs.pop('help', None),
                   metavar=kwargs.pop('metavar', None), kind=action, version=kwargs.pop('version', None))
        if kwargs:
            raise TypeError("Action.__init__() got an unexpected keyword argument '%s'" % next(iter(kwargs)))
        if a.kind in ('store', 'append') and a.nargs == 0:
            raise ValueError('nargs for store actions must be != 0; if you have nothing to store, '
                             'actions such as store true or store const may be more appropriate')
        if a.type is not None and not callable(a.type):
            raise ValueError('%r is not callable' % (a.type,))
        self._add_action(a, _group)
        return a

    def _add_action(self, a, group):
        for o in a.option_strings:
            for other in self._actions:
                if o in other.option_strings:
                    raise ArgumentError(a, 'conflicting option string: %s' % o)
        self._actions.append(a)
        if group is None or group.title is None:
            group = self._optionals if a.option_strings else self._positionals
        group._group_actions.append(a)

    # output -----------------------------------------------------------------------

    def _formatter(self):
        return self.formatter_class(prog=self.prog)

    def format_usage(self):
        if self.usage is not None:
            return 'usage: %s\n' % (self.usage % {'prog': self.prog})
        return self._formatter().format_usage(self._actions)

    def format_help(self):
        text = self._formatter().format_help(self)
        if self.usage is not None:
            text = self.format_usage() + text[text.index('\n') + 1:]
        return text

    def print_usage(self, file=None):
        (file or _sys.stdout).write(self.format_usage())

    def print_help(self, file=None):
        (file or _sys.stdout).write(self.format_help())

    def exit(self, status=0, message=None):
        if message:
            _sys.stderr.write(message)
        raise SystemExit(status)

    def error(self, message):
        self.print_usage(_sys.stderr)
        self.exit(2, '%s: error: %s\n' % (self.prog, message))

    # parsing ----------------------------------------------------------------------

    def parse_args(self, args=None, namespace=None):
        ns, extras = self.parse_known_args(args, namespace)
        if extras:
            self.error('unrecognized arguments: %s' % ' '.join(extras))
        return ns

    def parse_known_args(self, args=None, namespace=None):
        args = list(_sys.argv[1:] if args is None else args)
        ns = Namespace() if namespace is None else namespace
        for a in self._actions:
            if a.dest is not SUPPRESS and not hasattr(ns, a.dest) and a.default is not SUPPRESS:
                setattr(ns, a.dest, a.default)
        for dest, value in self._defaults.items():
            if not hasattr(ns, dest):
                setattr(ns, dest, value)
        try:
            extras = self._parse(args, ns)
        except ArgumentError as err:
            if not self.exit_on_error:
                raise
            self.error(str(err))
        return ns, extras

    def _looks_negative(self, arg):
        if not arg.startswith('-') or len(arg) < 2:
            return False
        try:
            float(arg)
        except ValueError:
            return False
        return not any(o[1:2].isdigit() for a in self._actions for o in a.option_strings)

    def _is_option(self, arg):
        return arg.startswith('-') and arg != '-' and not self._looks_negative(arg)

    def _find_option(self, name):
        for a in self._actions:
            if name in a.option_strings:
                return a
        if self.allow_abbrev and name.startswith('--'):
            matches = [(o, a) for a in self._actions for o in a.option_strings if o.startswith(name)]
            if len(matches) == 1:
                return matches[0][1]
            if len(matches) > 1:
                raise ArgumentError(None, 'ambiguous option: %s could match %s'
                                    % (name, ', '.join(o for o, _ in matches)))
        return None

    def _parse(self, args, ns):
        positionals = []
        extras = []
        seen = set()
        i = 0
        while i < len(args):
            arg = args[i]
            i += 1
            if arg == '--':
                positionals.extend(args[i:])
                break
            if not self._is_option(arg):
                positionals.append(arg)
                continue
            name, attached = arg, None
            if arg.startswith('--') and '=' in arg:
                name, attached = arg.split('=', 1)
            action = self._find_option(name)
            if action is None and not arg.startswith('--') and len(arg) > 2:
                short = self._find_option(arg[:2])
                if short is not None:
                    if short.takes_values() and short.nargs != 0:
                        action, attached = short, arg[2:]
                    else:  # combined flags: -vx
                        self._take(short, [], ns, arg[:2])
                        seen.add(short)
                        args.insert(i, '-' + arg[2:])
                        continue
            if action is None:
                extras.append(arg)
                continue
            seen.add(action)
            values = []
            if attached is not None:
                if not action.takes_values() or action.nargs == 0:
                    raise ArgumentError(action, 'ignored explicit argument %r' % attached)
                values = [attached]
            elif action.takes_values():
                n = action.nargs
                while i < len(args) and not self._is_option(args[i]) and args[i] != '--':
                    if n is None or n == OPTIONAL:
                        if values:
                            break
                    elif isinstance(n, int) and len(values) >= n:
                        break
                    values.append(args[i])
                    i += 1
            self._check_count(action, values)
            self._take(action, values, ns, name)
        self._assign_positionals(positionals, ns, seen, extras)
        missing = [_argument_name(a) for a in self._actions if a.required and a not in seen]
        if missing:
            raise ArgumentError(None, 'the following arguments are required: %s' % ', '.join(missing))
        for a in self._actions:
            if a not in seen and isinstance(a.default, str) and a.takes_values() \
                    and getattr(ns, a.dest, None) is a.default:
                setattr(ns, a.dest, self._convert(a, a.default))
        return extras

    def _check_count(self, action, values):
        n = action.nargs
        if not action.takes_values():
            return
        if n is None and len(values) != 1:
            raise ArgumentError(action, 'expected one argument')
        if n == ONE_OR_MORE and not values:
            raise ArgumentError(action, 'expected at least one argument')
        if isinstance(n, int) and len(values) != n:
            raise ArgumentError(action, 'expected %d argument%s' % (n, 's' if n != 1 else ''))

    def _assign_positionals(self, strings, ns, seen, extras):
        actions = [a for a in self._actions if not a.option_strings]
        minimum = {None: 1, OPTIONAL: 0, ZERO_OR_MORE: 0, ONE_OR_MORE: 1}
        needs = [minimum.get(a.nargs, a.nargs) for a in actions]
        pos = 0
        for k, a in enumerate(actions):
            left = len(strings) - pos
            rest = sum(needs[k + 1:])
            n = a.nargs
            if n is None:
                count = 1
            elif n == OPTIONAL:
                count = 1 if left - rest >= 1 else 0
            elif n in (ZERO_OR_MORE, ONE_OR_MORE):
                count = max(left - rest, 0)
            else:
                count = n
            if count > left or (n == ONE_OR_MORE and count == 0):
                break  # reported as a missing required argument
            values = strings[pos:pos + count]
            pos += count
            seen.add(a)
            if n == OPTIONAL and not values:
                value = a.default
                if isinstance(value, str):
                    value = self._convert(a, value)
                setattr(ns, a.dest, value)
                continue
            if n == ZERO_OR_MORE and not values:
                setattr(ns, a.dest, a.default if a.default is not None else [])
                continue
            self._take(a, values, ns, a.dest)
        extras[:0] = strings[pos:]

    def _convert(self, action, text):
        conv = action.type if action.type is not None else (lambda s: s)
        try:
            value = conv(text)
        except ArgumentTypeError as e:
            raise ArgumentError(action, str(e))
        except (TypeError, ValueError):
            name = getattr(action.type, '__name__', repr(action.type))
            raise ArgumentError(action, 'invalid %s value: %r' % (name, text))
        return value

    def _check_choice(self, action, value):
        if action.choices is not None and value not in action.choices:
            raise ArgumentError(action, 'invalid choice: %r (choose from %s)'
                                % (value, ', '.join(map(repr, action.choices))))

    def _take(self, action, values, ns, name):
        kind = action.kind
        if kind == 'help':
            self.print_help()
            raise SystemExit(0)
        if kind == 'version':
            _sys.stdout.write((action.version % {'prog': self.prog}) + '\n')
            raise SystemExit(0)
        if kind in ('store_const', 'store_true', 'store_false'):
            setattr(ns, action.dest, action.const)
            return
        if kind == 'append_const':
            setattr(ns, action.dest, list(getattr(ns, action.dest, None) or []) + [action.const])
            return
        if kind == 'count':
            setattr(ns, action.dest, (getattr(ns, action.dest, None) or 0) + 1)
            return
        converted = [self._convert(action, v) for v in values]
        for v in converted:
            self._check_choice(action, v)
        if action.nargs is None:
            value = converted[0]
        elif action.nargs == OPTIONAL:
            value = converted[0] if converted else action.const
        else:
            value = converted
        if kind == 'append':
            setattr(ns, action.dest, list(getattr(ns, action.dest, None) or []) + [value])
        else:
            setattr(ns, action.dest, value)
